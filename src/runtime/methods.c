/* methods.c - the methods of str, list, dict, tuple and set (and of int,
 * float and properties), and dwMt_method, which finds the method of a
 * builtin value by name (bound to it). Strings are UTF-8; indices and
 * widths count code points. */
#include "builtins.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Methods of str, list, dict, tuple, set                              */
/* ------------------------------------------------------------------ */

Value dwMt_str_new(Interp *I, const char *p, size_t n) {
  Str *s = dwV_str(&I->c, p, n);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

static void m_reverse_items(List *l);

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == '\x1c' || c == '\x1d' || c == '\x1e' || c == '\x1f'; }

/* ---- code points ---- */

uint32_t dwMt_cp_decode(const char *s, size_t n, size_t i, size_t *w) {
  const unsigned char *p = (const unsigned char *)s + i;
  uint32_t c = p[0];
  size_t k = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
  if (i + k > n) k = 1;
  if (k == 2) c = ((c & 0x1f) << 6) | (p[1] & 63);
  else if (k == 3) c = ((c & 0x0f) << 12) | ((p[1] & 63) << 6) | (p[2] & 63);
  else if (k == 4) c = ((c & 0x07) << 18) | ((p[1] & 63) << 12) | ((p[2] & 63) << 6) | (p[3] & 63);
  *w = k;
  return c;
}

/* Simple case mappings: ASCII, Latin-1, Latin Extended-A, Greek and
 * Cyrillic (other scripts are left as they are). */
static uint32_t cp_lower(uint32_t c) {
  if (c < 0x80) return (uint32_t)tolower((int)c);
  if (c == 0x1c4 || c == 0x1c5) return 0x1c6;
  if (c == 0x1c7 || c == 0x1c8) return 0x1c9;
  if (c == 0x1ca || c == 0x1cb) return 0x1cc;
  if (c == 0x1f1 || c == 0x1f2) return 0x1f3;
  if (c >= 0x1cd && c <= 0x1dc) return (c & 1) ? c + 1 : c;
  if ((c >= 0x1de && c <= 0x1ef) || (c >= 0x1f8 && c <= 0x21f) || (c >= 0x222 && c <= 0x233))
    return c | 1;
  if ((c >= 0xc0 && c <= 0xde && c != 0xd7)) return c + 0x20;
  if (c == 0x178) return 0xff;
  if ((c >= 0x100 && c <= 0x137) || (c >= 0x14a && c <= 0x177)) return c | 1;
  if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e)) return (c & 1) ? c + 1 : c;
  if (c >= 0x391 && c <= 0x3a9 && c != 0x3a2) return c + 0x20;
  if (c >= 0x410 && c <= 0x42f) return c + 0x20;
  if (c >= 0x400 && c <= 0x40f) return c + 0x50;
  return c;
}

static uint32_t cp_upper(uint32_t c) {
  if (c < 0x80) return (uint32_t)toupper((int)c);
  if (c == 0x1c5 || c == 0x1c6) return 0x1c4;
  if (c == 0x1c8 || c == 0x1c9) return 0x1c7;
  if (c == 0x1cb || c == 0x1cc) return 0x1ca;
  if (c == 0x1f2 || c == 0x1f3) return 0x1f1;
  if (c >= 0x1cd && c <= 0x1dc) return (c & 1) ? c : c - 1;
  if ((c >= 0x1de && c <= 0x1ef) || (c >= 0x1f8 && c <= 0x21f) || (c >= 0x222 && c <= 0x233))
    return c & ~1u;
  if (c >= 0xe0 && c <= 0xfe && c != 0xf7) return c - 0x20;
  if (c == 0xff) return 0x178;
  if (c == 0xb5) return 0x39c;
  if ((c >= 0x100 && c <= 0x137) || (c >= 0x14a && c <= 0x177)) return c & ~1u;
  if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e)) return (c & 1) ? c : c - 1;
  if (c == 0x3c2) return 0x3a3;
  if (c >= 0x3b1 && c <= 0x3c9) return c - 0x20;
  if (c >= 0x430 && c <= 0x44f) return c - 0x20;
  if (c >= 0x450 && c <= 0x45f) return c - 0x50;
  return c;
}

static bool cp_isupper(uint32_t c) { return cp_lower(c) != c; }
static bool cp_islower(uint32_t c) {
  return cp_upper(c) != c || c == 0xdf;
}
static bool cp_isalpha(uint32_t c) {
  if (c < 0x80) return isalpha((int)c) != 0;
  if (c == 0xaa || c == 0xb5 || c == 0xba) return true;
  if (c >= 0xc0 && c <= 0x24f) return c != 0xd7 && c != 0xf7;
  if (c >= 0x370 && c <= 0x3ff) return c != 0x375 && c != 0x37e && c != 0x384 && c != 0x385 && c != 0x387;
  if (c >= 0x400 && c <= 0x481) return true;
  if (c >= 0x4e00 && c <= 0x9fff) return true; /* CJK */
  if (c >= 0x3040 && c <= 0x30ff) return c != 0x30fb;
  if (c >= 0xac00 && c <= 0xd7a3) return true;
  return false;
}
static bool cp_isdigit(uint32_t c) { return c >= '0' && c <= '9'; }
bool dwMt_cp_isspace(uint32_t c) {
  return (c < 0x80 && is_ws((char)c)) || c == 0x85 || c == 0xa0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f ||
         c == 0x205f || c == 0x3000;
}

/* Python-level [start:end] of a str (code points, None allowed) as byte
 * offsets; false with an error pending. *cs: start in code points;
 * *empty_past: start > len (then nothing, not even "", matches). */
static bool str_bounds(Interp *I, Str *s, Value vs, Value ve, size_t *bs, size_t *be,
                       int64_t *cs, bool *past) {
  int64_t n = dwV_str_cplen(s), st = 0, en = n;
  Value v[2] = {vs, ve};
  int64_t *out[2] = {&st, &en};
  for (int k = 0; k < 2; k++) {
    if (v[k].t == V_NULL || v[k].t == V_NONE) continue;
    int64_t x;
    if (!dwOb_index(I, v[k], &x)) {
      if (I->exc.t == V_NULL)
        dwI_raise(I, EXC_TypeError,
                  "slice indices must be integers or None or have an __index__ method");
      return false;
    }
    if (x < 0) {
      x += n;
      if (x < 0) x = 0;
    }
    *out[k] = x;
  }
  *past = st > n;
  if (en > n) en = n;
  if (st > en) en = st > n ? n : st;
  if (st > n) st = n;
  *cs = st;
  *bs = dwV_str_cpoff(s, st);
  *be = dwV_str_cpoff(s, en);
  return true;
}

static Value str_strip(Interp *I, Value self, Args *a, int which) {
  Str *s = STR(self);
  if (a->n > 1) return dwI_raise(I, EXC_TypeError, "strip expected at most 1 argument, got %d", a->n);
  Str *chars = NULL;
  if (a->n > 0 && a->v[0].t == V_STR) chars = STR(a->v[0]);
  else if (a->n > 0 && a->v[0].t != V_NONE)
    return dwI_raise(I, EXC_TypeError, "strip arg must be None or str");
  size_t b = 0, e = s->len, w;
  if (!chars) {
    if (which & 1)
      while (b < e && dwMt_cp_isspace(dwMt_cp_decode(s->s, s->len, b, &w))) b += w;
    if (which & 2)
      while (e > b) {
        size_t k = e - 1;
        while (k > b && ((unsigned char)s->s[k] & 0xc0) == 0x80) k--;
        if (!dwMt_cp_isspace(dwMt_cp_decode(s->s, s->len, k, &w))) break;
        e = k;
      }
    return dwMt_str_new(I, s->s + b, e - b);
  }
  if (which & 1)
    while (b < e) {
      w = dwFm_utf8_w(s->s + b, e - b);
      bool hit = false;
      for (size_t j = 0; j < chars->len;) {
        size_t cw = dwFm_utf8_w(chars->s + j, chars->len - j);
        if (cw == w && !memcmp(chars->s + j, s->s + b, w)) hit = true;
        j += cw;
      }
      if (!hit) break;
      b += w;
    }
  if (which & 2)
    while (e > b) {
      size_t k = e - 1;
      while (k > b && ((unsigned char)s->s[k] & 0xc0) == 0x80) k--;
      w = e - k;
      bool hit = false;
      for (size_t j = 0; j < chars->len;) {
        size_t cw = dwFm_utf8_w(chars->s + j, chars->len - j);
        if (cw == w && !memcmp(chars->s + j, s->s + k, w)) hit = true;
        j += cw;
      }
      if (!hit) break;
      e = k;
    }
  return dwMt_str_new(I, s->s + b, e - b);
}

BI(m_strip) { return str_strip(I, self, a, 3); }
BI(m_lstrip) { return str_strip(I, self, a, 1); }
BI(m_rstrip) { return str_strip(I, self, a, 2); }

/* upper, lower, title, capitalize, swapcase, casefold */
static Value str_case(Interp *I, Value self, int mode) {
  Str *s = STR(self);
  Buf b = {0};
  bool start = true;
  for (size_t i = 0, w; i < s->len; i += w) {
    uint32_t c = dwMt_cp_decode(s->s, s->len, i, &w);
    if (c >= 0x80 && w == 1) {
      dwB_putc(&b, s->s[i]); /* invalid UTF-8 passes through */
      continue;
    }
    uint32_t r = c;
    switch (mode) {
    case 0: /* upper */
      if (c == 0xdf) {
        dwB_puts(&b, "SS");
        continue;
      }
      r = cp_upper(c);
      break;
    case 1: r = cp_lower(c); break;
    case 2: /* title */
      r = start ? cp_upper(c) : cp_lower(c);
      start = !(cp_isalpha(c) || cp_isupper(c) || cp_islower(c));
      break;
    case 3: r = i == 0 ? cp_upper(c) : cp_lower(c); break;
    case 4: r = cp_isupper(c) ? cp_lower(c) : cp_upper(c); break;
    default: /* casefold */
      if (c == 0xdf) {
        dwB_puts(&b, "ss");
        continue;
      }
      r = cp_lower(c);
      break;
    }
    dwFm_utf8_put(&b, r);
  }
  return dwL_new_str(I, &b);
}

BI(m_upper) { NARGS("upper", 0, 0); return str_case(I, self, 0); }
BI(m_lower) { NARGS("lower", 0, 0); return str_case(I, self, 1); }
BI(m_title) { NARGS("title", 0, 0); return str_case(I, self, 2); }
BI(m_capitalize) { NARGS("capitalize", 0, 0); return str_case(I, self, 3); }
BI(m_swapcase) { NARGS("swapcase", 0, 0); return str_case(I, self, 4); }
BI(m_casefold) { NARGS("casefold", 0, 0); return str_case(I, self, 5); }

static bool list_push_str(Interp *I, List *l, const char *p, size_t n) {
  Value part = dwMt_str_new(I, p, n);
  if (part.t == V_NULL) return false;
  bool ok = dwV_list_append(&I->c, l, part);
  dwV_decref(&I->c, part);
  if (!ok) dwI_raise_ctx(I);
  return ok;
}

static Value str_split(Interp *I, Value self, Args *a, bool right) {
  Value o[3];
  if (!dwL_bind(I, right ? "rsplit" : "split", self, a, "self,sep,maxsplit", o, 3)) return dwV_null();
  Str *s = STR(self);
  int64_t maxsplit = -1;
  if (o[2].t != V_NULL && !dwL_int(I, o[2], "maxsplit", &maxsplit)) return dwV_null();
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  bool ok = true;
  if (o[1].t == V_NULL || o[1].t == V_NONE) {
    if (!right) {
      size_t k = 0;
      while (ok && k < s->len) {
        while (k < s->len && is_ws(s->s[k])) k++;
        if (k >= s->len) break;
        size_t b = k;
        if (maxsplit >= 0 && l->len >= maxsplit) {
          k = s->len; /* the rest, trailing whitespace kept */
        } else {
          while (k < s->len && !is_ws(s->s[k])) k++;
        }
        ok = list_push_str(I, l, s->s + b, k - b);
      }
    } else {
      size_t k = s->len;
      while (ok && k > 0) {
        while (k > 0 && is_ws(s->s[k - 1])) k--;
        if (k == 0) break;
        size_t e = k;
        if (maxsplit >= 0 && l->len >= maxsplit) {
          k = 0; /* the rest, leading whitespace kept */
        } else {
          while (k > 0 && !is_ws(s->s[k - 1])) k--;
        }
        ok = list_push_str(I, l, s->s + k, e - k);
      }
      if (ok) m_reverse_items(l);
    }
    if (!ok) {
      dwV_decref_o(&I->c, &l->h);
      return dwV_null();
    }
    return dwV_obj(&l->h);
  }
  if (o[1].t != V_STR) {
    dwV_decref_o(&I->c, &l->h);
    return dwI_raise(I, EXC_TypeError, "must be str or None, not %s", dwV_type_name(o[1]));
  }
  Str *sep = STR(o[1]);
  if (sep->len == 0) {
    dwV_decref_o(&I->c, &l->h);
    return dwI_raise(I, EXC_ValueError, "empty separator");
  }
  if (!right) {
    size_t b = 0;
    for (size_t k = 0; ok && k + sep->len <= s->len;) {
      if ((maxsplit < 0 || l->len < maxsplit) && !memcmp(s->s + k, sep->s, sep->len)) {
        ok = list_push_str(I, l, s->s + b, k - b);
        k += sep->len;
        b = k;
      } else {
        k++;
      }
    }
    if (ok) ok = list_push_str(I, l, s->s + b, s->len - b);
  } else {
    size_t e = s->len;
    for (size_t k = s->len; ok && k >= sep->len;) {
      if ((maxsplit < 0 || l->len < maxsplit) && !memcmp(s->s + k - sep->len, sep->s, sep->len)) {
        ok = list_push_str(I, l, s->s + k, e - k);
        k -= sep->len;
        e = k;
      } else {
        k--;
      }
    }
    if (ok) ok = list_push_str(I, l, s->s, e);
    if (ok) m_reverse_items(l);
  }
  if (!ok) {
    dwV_decref_o(&I->c, &l->h);
    return dwV_null();
  }
  return dwV_obj(&l->h);
}

BI(m_split) { return str_split(I, self, a, false); }
BI(m_rsplit) { return str_split(I, self, a, true); }

BI(m_splitlines) {
  Value o[2];
  if (!dwL_bind(I, "splitlines", self, a, "self,keepends", o, 2)) return dwV_null();
  bool keep = false;
  if (o[1].t != V_NULL && !dwOb_truth(I, o[1], &keep)) return dwV_null();
  Str *s = STR(self);
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  size_t b = 0;
  bool ok = true;
  for (size_t k = 0; ok && k < s->len;) {
    char c = s->s[k];
    size_t brk = 0;
    if (c == '\r' && k + 1 < s->len && s->s[k + 1] == '\n') brk = 2;
    else if (c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == '\x1c' || c == '\x1d' ||
             c == '\x1e')
      brk = 1;
    else if ((unsigned char)c == 0xc2 && k + 1 < s->len && (unsigned char)s->s[k + 1] == 0x85)
      brk = 2;
    else if ((unsigned char)c == 0xe2 && k + 2 < s->len && (unsigned char)s->s[k + 1] == 0x80 &&
             ((unsigned char)s->s[k + 2] == 0xa8 || (unsigned char)s->s[k + 2] == 0xa9))
      brk = 3;
    if (!brk) {
      k++;
      continue;
    }
    ok = list_push_str(I, l, s->s + b, k - b + (keep ? brk : 0));
    k += brk;
    b = k;
  }
  if (ok && b < s->len) ok = list_push_str(I, l, s->s + b, s->len - b);
  if (!ok) {
    dwV_decref_o(&I->c, &l->h);
    return dwV_null();
  }
  return dwV_obj(&l->h);
}

typedef struct JoinUD {
  Buf b;
  Str *sep;
  int n;
} JoinUD;

static bool join_cb(Interp *I, Value v, void *ud) {
  JoinUD *j = ud;
  if (v.t != V_STR) {
    dwI_raise(I, EXC_TypeError, "sequence item %d: expected str instance, %s found", j->n,
              dwV_type_name(v));
    return false;
  }
  if (j->n++) dwB_putn(&j->b, j->sep->s, j->sep->len);
  dwB_putn(&j->b, STR(v)->s, STR(v)->len);
  return true;
}

BI(m_join) {
  NARGS("join", 1, 1);
  JoinUD j = {{0}, STR(self), 0};
  if (!dwOb_foreach(I, a->v[0], join_cb, &j)) {
    dwB_free(&j.b);
    if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_TypeError &&
        a->v[0].t != V_LIST && a->v[0].t != V_TUPLE && strstr(((Exc *)OBJ(I->exc))->msg->s, "not iterable")) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      return dwI_raise(I, EXC_TypeError, "can only join an iterable");
    }
    return dwV_null();
  }
  return dwL_new_str(I, &j.b);
}

BI(m_replace) {
  NARGS("replace", 2, 3);
  if (a->v[0].t != V_STR || a->v[1].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "replace() argument %d must be str, not %s",
                     a->v[0].t != V_STR ? 1 : 2, dwV_type_name(a->v[0].t != V_STR ? a->v[0] : a->v[1]));
  Str *s = STR(self), *old = STR(a->v[0]), *nw = STR(a->v[1]);
  int64_t count = -1;
  if (a->n == 3 && !dwL_int(I, a->v[2], "count", &count)) return dwV_null();
  Buf b = {0};
  size_t k = 0;
  int64_t done = 0;
  while (k <= s->len) {
    if ((count < 0 || done < count) && k + old->len <= s->len &&
        !memcmp(s->s + k, old->s, old->len)) {
      dwB_putn(&b, nw->s, nw->len);
      done++;
      if (old->len == 0) {
        if (k < s->len) {
          size_t w = dwFm_utf8_w(s->s + k, s->len - k);
          dwB_putn(&b, s->s + k, w);
          k += w;
        } else {
          k++;
        }
      } else {
        k += old->len;
      }
    } else {
      if (k < s->len) dwB_putc(&b, s->s[k]);
      k++;
    }
    if (b.len > ((size_t)1 << 30)) {
      dwB_free(&b);
      return dwI_raise(I, EXC_MemoryError, "%s", "");
    }
  }
  return dwL_new_str(I, &b);
}

static bool affix_match(Str *s, size_t bs, size_t be, Str *p, bool start) {
  if (p->len > be - bs) return false;
  return !memcmp(start ? s->s + bs : s->s + be - p->len, p->s, p->len);
}

static Value str_affix(Interp *I, Value self, Args *a, bool start) {
  const char *nm = start ? "startswith" : "endswith";
  NOKW(nm);
  if (a->n < 1 || a->n > 3)
    return dwI_raise(I, EXC_TypeError, "%s expected %s arguments, got %d", nm,
                     a->n < 1 ? "at least 1" : "at most 3", a->n);
  size_t bs, be;
  int64_t cs;
  bool past;
  if (!str_bounds(I, STR(self), a->n > 1 ? a->v[1] : dwV_null(), a->n > 2 ? a->v[2] : dwV_null(),
                  &bs, &be, &cs, &past))
    return dwV_null();
  if (past) return dwV_bool(false);
  Value p = a->v[0];
  if (p.t == V_STR) return dwV_bool(affix_match(STR(self), bs, be, STR(p), start));
  if (p.t == V_TUPLE) {
    Tuple *t = (Tuple *)OBJ(p);
    for (int64_t k = 0; k < t->len; k++) {
      if (t->items[k].t != V_STR)
        return dwI_raise(I, EXC_TypeError, "tuple for %s must only contain str, not %s", nm,
                         dwV_type_name(t->items[k]));
      if (affix_match(STR(self), bs, be, STR(t->items[k]), start)) return dwV_bool(true);
    }
    return dwV_bool(false);
  }
  return dwI_raise(I, EXC_TypeError, "%s first arg must be str or a tuple of str, not %s",
                   nm, dwV_type_name(p));
}

BI(m_startswith) { return str_affix(I, self, a, true); }
BI(m_endswith) { return str_affix(I, self, a, false); }

/* byte offset of sub in s[bs:be], or -1 */
static int64_t str_find_in(Str *s, size_t bs, size_t be, Str *sub, bool rev) {
  if (sub->len > be - bs) return -1;
  if (rev) {
    for (int64_t k = (int64_t)(be - sub->len); k >= (int64_t)bs; k--)
      if (!memcmp(s->s + k, sub->s, sub->len)) return k;
  } else {
    for (size_t k = bs; k + sub->len <= be; k++)
      if (!memcmp(s->s + k, sub->s, sub->len)) return (int64_t)k;
  }
  return -1;
}

/* find / rfind / index / rindex: data bit 1 = from the right, bit 2 =
 * raise when missing */
BI(m_find) {
  const char *nm = strchr(def->name, '.') + 1;
  NOKW(nm);
  if (a->n < 1 || a->n > 3)
    return dwI_raise(I, EXC_TypeError, "%s expected %s arguments, got %d", nm,
                     a->n < 1 ? "at least 1" : "at most 3", a->n);
  if (a->v[0].t != V_STR) return dwI_raise(I, EXC_TypeError, "must be str, not %s", dwV_type_name(a->v[0]));
  Str *s = STR(self);
  size_t bs, be;
  int64_t cs;
  bool past;
  if (!str_bounds(I, s, a->n > 1 ? a->v[1] : dwV_null(), a->n > 2 ? a->v[2] : dwV_null(), &bs,
                  &be, &cs, &past))
    return dwV_null();
  int64_t k = past ? -1 : str_find_in(s, bs, be, STR(a->v[0]), def->data & 1);
  if (k < 0) {
    if (def->data & 2) return dwI_raise(I, EXC_ValueError, "substring not found");
    return dwV_int(-1);
  }
  return dwV_int(cs + dwV_utf8_cplen(s->s + bs, (size_t)k - bs));
}

BI(m_count_str) {
  NOKW("count");
  if (a->n < 1 || a->n > 3)
    return dwI_raise(I, EXC_TypeError, "count expected %s arguments, got %d",
                     a->n < 1 ? "at least 1" : "at most 3", a->n);
  if (a->v[0].t != V_STR) return dwI_raise(I, EXC_TypeError, "must be str, not %s", dwV_type_name(a->v[0]));
  Str *s = STR(self), *sub = STR(a->v[0]);
  size_t bs, be;
  int64_t cs;
  bool past;
  if (!str_bounds(I, s, a->n > 1 ? a->v[1] : dwV_null(), a->n > 2 ? a->v[2] : dwV_null(), &bs,
                  &be, &cs, &past))
    return dwV_null();
  if (past) return dwV_int(0);
  if (sub->len == 0) return dwV_int(dwV_utf8_cplen(s->s + bs, be - bs) + 1);
  int64_t n = 0;
  for (size_t k = bs; k + sub->len <= be;) {
    if (!memcmp(s->s + k, sub->s, sub->len)) {
      n++;
      k += sub->len;
    } else {
      k++;
    }
  }
  return dwV_int(n);
}

BI(m_format) { return dwFm_str_format(I, STR(self), a); }

static Value str_partition(Interp *I, Value self, Args *a, bool right) {
  NARGS(right ? "rpartition" : "partition", 1, 1);
  if (a->v[0].t != V_STR) return dwI_raise(I, EXC_TypeError, "must be str, not %s", dwV_type_name(a->v[0]));
  Str *s = STR(self), *sep = STR(a->v[0]);
  if (sep->len == 0) return dwI_raise(I, EXC_ValueError, "empty separator");
  int64_t k = str_find_in(s, 0, s->len, sep, right);
  Tuple *t = dwV_tuple(&I->c, 3);
  if (!t) return dwI_raise_ctx(I);
  Value r = dwV_obj(&t->h);
  Value parts[3];
  if (k < 0) {
    parts[0] = dwMt_str_new(I, right ? "" : s->s, right ? 0 : s->len);
    parts[1] = dwMt_str_new(I, "", 0);
    parts[2] = dwMt_str_new(I, right ? s->s : "", right ? s->len : 0);
  } else {
    parts[0] = dwMt_str_new(I, s->s, (size_t)k);
    dwV_incref(parts[1] = a->v[0]);
    parts[2] = dwMt_str_new(I, s->s + k + sep->len, s->len - (size_t)k - sep->len);
  }
  bool ok = true;
  for (int j = 0; j < 3; j++) {
    if (parts[j].t == V_NULL) ok = false;
    t->items[j] = parts[j].t == V_NULL ? dwV_none() : parts[j];
  }
  if (!ok) {
    dwV_decref(&I->c, r);
    return dwV_null();
  }
  return r;
}

BI(m_partition) { return str_partition(I, self, a, false); }
BI(m_rpartition) { return str_partition(I, self, a, true); }

static Value str_remove_affix(Interp *I, Value self, Args *a, bool prefix) {
  NARGS(prefix ? "removeprefix" : "removesuffix", 1, 1);
  if (a->v[0].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "%s() argument must be str, not %s",
                     prefix ? "removeprefix" : "removesuffix", dwV_type_name(a->v[0]));
  Str *s = STR(self), *p = STR(a->v[0]);
  if (p->len && affix_match(s, 0, s->len, p, prefix))
    return dwMt_str_new(I, prefix ? s->s + p->len : s->s, s->len - p->len);
  dwV_incref(self);
  return self;
}

BI(m_removeprefix) { return str_remove_affix(I, self, a, true); }
BI(m_removesuffix) { return str_remove_affix(I, self, a, false); }

BI(m_expandtabs) {
  Value o[2];
  if (!dwL_bind(I, "expandtabs", self, a, "self,tabsize", o, 2)) return dwV_null();
  int64_t ts = 8;
  if (o[1].t != V_NULL && !dwL_int(I, o[1], "tabsize", &ts)) return dwV_null();
  Str *s = STR(self);
  Buf b = {0};
  int64_t col = 0;
  for (size_t i = 0, w; i < s->len; i += w) {
    w = dwFm_utf8_w(s->s + i, s->len - i);
    char c = s->s[i];
    if (c == '\t') {
      if (ts > 0) {
        int64_t n = ts - col % ts;
        if (n > ((int64_t)1 << 28)) {
          dwB_free(&b);
          return dwI_raise(I, EXC_OverflowError, "new string is too long");
        }
        for (int64_t k = 0; k < n; k++) dwB_putc(&b, ' ');
        col += n;
      }
    } else {
      dwB_putn(&b, s->s + i, w);
      col = c == '\n' || c == '\r' ? 0 : col + 1;
    }
  }
  return dwL_new_str(I, &b);
}

/* is* predicates over code points */
static Value str_class(Interp *I, Value self, bool (*pred)(uint32_t)) {
  Str *s = STR(self);
  if (!s->len) return dwV_bool(false);
  for (size_t i = 0, w; i < s->len; i += w)
    if (!pred(dwMt_cp_decode(s->s, s->len, i, &w))) return dwV_bool(false);
  return dwV_bool(true);
}

static bool cp_isalnum(uint32_t c) { return cp_isalpha(c) || cp_isdigit(c); }

BI(m_isdigit) { return str_class(I, self, cp_isdigit); }
BI(m_isalpha) { return str_class(I, self, cp_isalpha); }
BI(m_isalnum) { return str_class(I, self, cp_isalnum); }
BI(m_isspace) { return str_class(I, self, dwMt_cp_isspace); }

/* isupper / islower: at least one cased character, none of the other case */
static Value str_cased(Value self, bool upper) {
  Str *s = STR(self);
  bool any = false;
  for (size_t i = 0, w; i < s->len; i += w) {
    uint32_t c = dwMt_cp_decode(s->s, s->len, i, &w);
    if (upper ? cp_islower(c) : cp_isupper(c)) return dwV_bool(false);
    if (upper ? cp_isupper(c) : cp_islower(c)) any = true;
  }
  return dwV_bool(any);
}

BI(m_isupper) { return str_cased(self, true); }
BI(m_islower) { return str_cased(self, false); }

BI(m_istitle) {
  Str *s = STR(self);
  bool cased = false, prev_cased = false;
  for (size_t i = 0, w; i < s->len; i += w) {
    uint32_t c = dwMt_cp_decode(s->s, s->len, i, &w);
    if (cp_isupper(c)) {
      if (prev_cased) return dwV_bool(false);
      prev_cased = cased = true;
    } else if (cp_islower(c)) {
      if (!prev_cased) return dwV_bool(false);
      prev_cased = cased = true;
    } else {
      prev_cased = false;
    }
  }
  return dwV_bool(cased);
}

BI(m_isidentifier) {
  Str *s = STR(self);
  if (!s->len) return dwV_bool(false);
  for (size_t i = 0, w; i < s->len; i += w) {
    uint32_t c = dwMt_cp_decode(s->s, s->len, i, &w);
    if (!(c == '_' || cp_isalpha(c) || (i > 0 && cp_isdigit(c)))) return dwV_bool(false);
  }
  return dwV_bool(true);
}

BI(m_isascii) { return dwV_bool(dwV_str_ascii(STR(self))); }

/* ljust / rjust / center: widths in code points */
static Value str_justify(Interp *I, Value self, Args *a, char how) {
  const char *nm = how == '<' ? "ljust" : how == '>' ? "rjust" : "center";
  NOKW(nm);
  if (a->n < 1 || a->n > 2)
    return dwI_raise(I, EXC_TypeError, "%s expected %s arguments, got %d", nm,
                     a->n < 1 ? "at least 1" : "at most 2", a->n);
  int64_t w;
  if (!dwOb_index(I, a->v[0], &w)) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                     dwV_type_name(a->v[0]));
  }
  const char *fill = " ";
  if (a->n == 2) {
    if (a->v[1].t != V_STR || dwV_str_cplen(STR(a->v[1])) != 1)
      return dwI_raise(I, EXC_TypeError, "The fill character must be exactly one character long");
    fill = STR(a->v[1])->s;
  }
  Str *s = STR(self);
  int64_t len = dwV_str_cplen(s);
  if (w <= len) {
    dwV_incref(self);
    return self;
  }
  if (w > DW_MAX_PAD) return dwI_raise(I, EXC_MemoryError, "%s", "");
  int64_t padn = w - len;
  /* CPython's center: the extra space goes left when the width is odd */
  int64_t left = how == '>' ? padn : how == '^' ? padn / 2 + (padn & w & 1) : 0;
  int64_t right = padn - left;
  Buf b = {0};
  for (int64_t k = 0; k < left; k++) dwB_puts(&b, fill);
  dwB_putn(&b, s->s, s->len);
  for (int64_t k = 0; k < right; k++) dwB_puts(&b, fill);
  if (b.oom) {
    dwB_free(&b);
    return dwI_raise(I, EXC_MemoryError, "%s", "");
  }
  return dwL_new_str(I, &b);
}

BI(m_ljust) { return str_justify(I, self, a, '<'); }
BI(m_rjust) { return str_justify(I, self, a, '>'); }
BI(m_center) { return str_justify(I, self, a, '^'); }

BI(m_zfill) {
  NARGS("zfill", 1, 1);
  int64_t w;
  if (!dwL_int(I, a->v[0], "width", &w)) return dwV_null();
  Str *s = STR(self);
  int64_t len = dwV_str_cplen(s);
  if (w > DW_MAX_PAD) return dwI_raise(I, EXC_MemoryError, "%s", "");
  Buf b = {0};
  size_t start = 0;
  if (s->len && (s->s[0] == '-' || s->s[0] == '+')) {
    dwB_putc(&b, s->s[0]);
    start = 1;
  }
  for (int64_t k = len; k < w; k++) dwB_putc(&b, '0');
  dwB_putn(&b, s->s + start, s->len - start);
  return dwL_new_str(I, &b);
}

/* ---- list ---- */

#define LIST(v) ((List *)OBJ(v))

static void m_reverse_items(List *l) {
  for (int64_t i = 0, j = l->len - 1; i < j; i++, j--) {
    Value t = l->items[i];
    l->items[i] = l->items[j];
    l->items[j] = t;
  }
}

BI(m_append) {
  NARGS("append", 1, 1);
  if (!dwV_list_append(&I->c, LIST(self), a->v[0])) return dwI_raise_ctx(I);
  return dwV_none();
}

static bool extend_cb(Interp *I, Value v, void *ud) {
  if (!dwV_list_append(&I->c, (List *)ud, v)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

BI(m_extend) {
  NARGS("extend", 1, 1);
  if (a->v[0].u.o == self.u.o) {
    List *copy = dwOb_to_list(I, a->v[0]);
    if (!copy) return dwV_null();
    Value cv = dwV_obj(&copy->h);
    bool ok = dwOb_foreach(I, cv, extend_cb, LIST(self));
    dwV_decref(&I->c, cv);
    return ok ? dwV_none() : dwV_null();
  }
  if (!dwOb_foreach(I, a->v[0], extend_cb, LIST(self))) return dwV_null();
  return dwV_none();
}

BI(m_pop_list) {
  NARGS("pop", 0, 1);
  List *l = LIST(self);
  int64_t i = -1;
  if (a->n && !dwOb_index(I, a->v[0], &i)) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                     dwV_type_name(a->v[0]));
  }
  if (l->len == 0) return dwI_raise(I, EXC_IndexError, "pop from empty list");
  if (i < 0) i += l->len;
  if (i < 0 || i >= l->len) return dwI_raise(I, EXC_IndexError, "pop index out of range");
  Value v = l->items[i];
  memmove(l->items + i, l->items + i + 1, sizeof(Value) * (size_t)(l->len - i - 1));
  l->len--;
  return v;
}

BI(m_insert) {
  NARGS("insert", 2, 2);
  List *l = LIST(self);
  int64_t i;
  if (!dwOb_index(I, a->v[0], &i)) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                     dwV_type_name(a->v[0]));
  }
  if (i < 0) i += l->len;
  if (i < 0) i = 0;
  if (i > l->len) i = l->len;
  if (!dwV_list_append(&I->c, l, a->v[1])) return dwI_raise_ctx(I);
  memmove(l->items + i + 1, l->items + i, sizeof(Value) * (size_t)(l->len - 1 - i));
  l->items[i] = a->v[1];
  return dwV_none();
}

/* index of x in seq[start:stop] by ==, -1 if absent, -2 on error */
static int64_t seq_index(Interp *I, Value seq, Value x, int64_t start, int64_t stop) {
  for (int64_t k = start;; k++) {
    int64_t n = seq.t == V_LIST ? LIST(seq)->len : ((Tuple *)OBJ(seq))->len;
    if (k >= n || k >= stop) return -1;
    Value e = (seq.t == V_LIST ? LIST(seq)->items : ((Tuple *)OBJ(seq))->items)[k];
    if (e.t == V_TENSOR || x.t == V_TENSOR) {
      if (e.t == x.t && e.u.o == x.u.o) return k;
      continue;
    }
    dwV_incref(e);
    bool eq;
    bool ok = dwOb_eq(I, e, x, &eq);
    dwV_decref(&I->c, e);
    if (!ok) return -2;
    if (eq) return k;
  }
}

BI(m_remove) {
  NARGS("remove", 1, 1);
  int64_t i = seq_index(I, self, a->v[0], 0, INT64_MAX);
  if (i == -2) return dwV_null();
  if (i < 0) return dwI_raise(I, EXC_ValueError, "list.remove(x): x not in list");
  List *l = LIST(self);
  Value v = l->items[i];
  memmove(l->items + i, l->items + i + 1, sizeof(Value) * (size_t)(l->len - i - 1));
  l->len--;
  dwV_decref(&I->c, v);
  return dwV_none();
}

BI(m_index_seq) {
  NOKW("index");
  if (a->n < 1 || a->n > 3)
    return dwI_raise(I, EXC_TypeError, "index expected %s arguments, got %d",
                     a->n < 1 ? "at least 1" : "at most 3", a->n);
  int64_t n = self.t == V_LIST ? LIST(self)->len : ((Tuple *)OBJ(self))->len;
  int64_t se[2] = {0, INT64_MAX};
  for (int k = 1; k < a->n; k++) {
    int64_t x;
    if (!dwOb_index(I, a->v[k], &x)) {
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError,
                       "slice indices must be integers or have an __index__ method");
    }
    if (x < 0) {
      x += n;
      if (x < 0) x = 0;
    }
    se[k - 1] = x;
  }
  int64_t i = seq_index(I, self, a->v[0], se[0], se[1]);
  if (i == -2) return dwV_null();
  if (i < 0) {
    if (self.t != V_LIST) return dwI_raise(I, EXC_ValueError, "tuple.index(x): x not in tuple");
    Buf b = {0};
    if (!dwFm_repr_value(I, &b, a->v[0])) {
      dwB_free(&b);
      return dwV_null();
    }
    dwI_raise(I, EXC_ValueError, "%s is not in list", b.p ? b.p : "");
    dwB_free(&b);
    return dwV_null();
  }
  return dwV_int(i);
}

BI(m_count_seq) {
  NARGS("count", 1, 1);
  int64_t c = 0;
  for (int64_t k = 0;; k++) {
    int64_t i = seq_index(I, self, a->v[0], k, INT64_MAX);
    if (i == -2) return dwV_null();
    if (i < 0) break;
    c++;
    k = i;
  }
  return dwV_int(c);
}

BI(m_sort) {
  Value o[3];
  if (!dwL_bind(I, "sort", self, a, "self,key,reverse", o, 3)) return dwV_null();
  if (a->n) return dwI_raise(I, EXC_TypeError, "sort() takes no positional arguments");
  bool rev = false;
  if (o[2].t != V_NULL && !dwOb_truth(I, o[2], &rev)) return dwV_null();
  if (!dwL_sort_list(I, LIST(self), o[1], rev)) return dwV_null();
  return dwV_none();
}

BI(m_reverse) {
  NARGS("reverse", 0, 0);
  m_reverse_items(LIST(self));
  return dwV_none();
}

BI(m_copy_list) {
  List *l = LIST(self), *r = dwV_list(&I->c, l->len);
  if (!r) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < l->len; k++) dwV_incref(r->items[k] = l->items[k]);
  return dwV_obj(&r->h);
}

BI(m_clear_list) {
  List *l = LIST(self);
  int64_t n = l->len;
  l->len = 0;
  for (int64_t k = 0; k < n; k++) dwV_decref(&I->c, l->items[k]);
  return dwV_none();
}

/* ---- dict ---- */

#define DICT(v) ((Dict *)OBJ(v))

BI(m_get) {
  NARGS("get", 1, 2);
  if (!dwOb_check_hashable(I, a->v[0])) return dwV_null();
  Value v = dwV_dict_get(DICT(self), a->v[0]);
  if (v.t == V_NULL) v = a->n == 2 ? a->v[1] : dwV_none();
  dwV_incref(v);
  return v;
}

static Value dict_view(Interp *I, Value self, int mode) {
  DictView *dv = (DictView *)dwV_alloc(&I->c, V_DICTVIEW, sizeof(DictView));
  if (!dv) return dwI_raise_ctx(I);
  dv->d = DICT(self);
  dwV_incref_o(&dv->d->h);
  dv->mode = (uint8_t)mode;
  return dwV_obj(&dv->h);
}

BI(m_keys) { NARGS("keys", 0, 0); return dict_view(I, self, 0); }
BI(m_values) { NARGS("values", 0, 0); return dict_view(I, self, 1); }
BI(m_items) { NARGS("items", 0, 0); return dict_view(I, self, 2); }

BI(m_update) {
  if (!dwL_dict_update(I, DICT(self), a)) return dwV_null();
  return dwV_none();
}

BI(m_pop_dict) {
  NARGS("pop", 1, 2);
  if (!dwOb_check_hashable(I, a->v[0])) return dwV_null();
  Value v = dwV_dict_get(DICT(self), a->v[0]);
  if (v.t == V_NULL) {
    if (a->n == 2) {
      dwV_incref(a->v[1]);
      return a->v[1];
    }
    return dwI_raise_key(I, a->v[0]);
  }
  dwV_incref(v);
  dwV_dict_del(&I->c, DICT(self), a->v[0]);
  return v;
}

BI(m_popitem) {
  NARGS("popitem", 0, 0);
  Dict *d = DICT(self);
  int64_t k = d->nent - 1;
  while (k >= 0 && !d->ent[k].used) k--;
  if (k < 0) return dwI_raise(I, EXC_KeyError, "'popitem(): dictionary is empty'");
  Tuple *t = dwV_tuple(&I->c, 2);
  if (!t) return dwI_raise_ctx(I);
  dwV_incref(t->items[0] = d->ent[k].key);
  dwV_incref(t->items[1] = d->ent[k].val);
  dwV_dict_del(&I->c, d, t->items[0]);
  /* drop trailing deleted entries so later pops stay O(1) */
  while (d->nent > 0 && !d->ent[d->nent - 1].used && d->len < d->nent) d->nent--;
  return dwV_obj(&t->h);
}

BI(m_setdefault) {
  NARGS("setdefault", 1, 2);
  if (!dwOb_check_hashable(I, a->v[0])) return dwV_null();
  Value v = dwV_dict_get(DICT(self), a->v[0]);
  if (v.t == V_NULL) {
    v = a->n == 2 ? a->v[1] : dwV_none();
    if (!dwOb_setitem(I, self, a->v[0], v)) return dwV_null();
  }
  dwV_incref(v);
  return v;
}

BI(m_copy_dict) {
  Dict *d = dwV_dict(&I->c);
  if (!d) return dwI_raise_ctx(I);
  Dict *s = DICT(self);
  for (int64_t k = 0; k < s->nent; k++)
    if (s->ent[k].used) dwV_dict_set(&I->c, d, s->ent[k].key, s->ent[k].val);
  return dwV_obj(&d->h);
}

BI(m_clear_dict) {
  dwV_dict_clear(&I->c, DICT(self));
  return dwV_none();
}

typedef struct FromKeysUD {
  Dict *d;
  Value v;
} FromKeysUD;

static bool fromkeys_cb(Interp *I, Value k, void *ud) {
  FromKeysUD *f = ud;
  if (!dwOb_check_hashable(I, k)) return false;
  if (!dwV_dict_set(&I->c, f->d, k, f->v)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

BI(m_fromkeys) {
  NOKW("fromkeys");
  if (a->n < 1 || a->n > 2)
    return dwI_raise(I, EXC_TypeError, "fromkeys expected %s arguments, got %d",
                     a->n < 1 ? "at least 1" : "at most 2", a->n);
  Dict *d = dwV_dict(&I->c);
  if (!d) return dwI_raise_ctx(I);
  FromKeysUD ud = {d, a->n == 2 ? a->v[1] : dwV_none()};
  if (!dwOb_foreach(I, a->v[0], fromkeys_cb, &ud)) {
    dwV_decref_o(&I->c, &d->h);
    return dwV_null();
  }
  return dwV_obj(&d->h);
}

BI(m_size_numel) {
  Tuple *t = (Tuple *)OBJ(self);
  int64_t n = 1;
  for (int64_t k = 0; k < t->len; k++) n *= t->items[k].u.i;
  return dwV_int(n);
}

/* ---- set ---- */

#define SETD(v) (((Set *)OBJ(v))->d)
#define SETP(v) ((Set *)OBJ(v))

Value dwMt_set_new(Interp *I) {
  Set *s = (Set *)dwV_alloc(&I->c, V_SET, sizeof(Set));
  if (!s) return dwI_raise_ctx(I);
  s->d = dwV_dict(&I->c);
  if (!s->d) {
    dwV_decref_o(&I->c, &s->h);
    return dwI_raise_ctx(I);
  }
  return dwV_obj(&s->h);
}

bool dwMt_set_add(Interp *I, Set *s, Value v) {
  if (!dwOb_check_hashable(I, v)) return false;
  if (!dwV_set_add(&I->c, s, v)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

static bool set_add_cb(Interp *I, Value v, void *ud) { return dwMt_set_add(I, (Set *)ud, v); }

/* set_update_internal: a set merges, a dict adds its keys after one
 * resize, anything else is iterated */
bool dwMt_set_from(Interp *I, Set *s, Value iterable) {
  if (iterable.t == V_SET) {
    if (!dwV_set_merge(&I->c, s, SETP(iterable))) {
      dwI_raise_ctx(I);
      return false;
    }
    return true;
  }
  if (iterable.t == V_DICT) {
    Dict *d = (Dict *)OBJ(iterable);
    dwV_set_presize(s, d->len);
    for (int64_t k = 0; k < d->nent; k++)
      if (d->ent[k].used && !dwMt_set_add(I, s, d->ent[k].key)) return false;
    return true;
  }
  return dwOb_foreach(I, iterable, set_add_cb, s);
}

List *dwMt_set_order(Interp *I, Set *s) {
  int64_t n;
  Value *items = dwV_set_items(&I->c, s, &n);
  if (!items) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return NULL;
  }
  List *l = dwV_list(&I->c, n);
  if (!l) {
    free(items);
    dwI_raise_ctx(I);
    return NULL;
  }
  for (int64_t k = 0; k < n; k++) dwV_incref(l->items[k] = items[k]);
  free(items);
  return l;
}

/* set(iterable) */
static Value set_of(Interp *I, Value v) {
  Value r = dwMt_set_new(I);
  if (r.t == V_NULL) return r;
  if (!dwMt_set_from(I, SETP(r), v)) {
    dwV_decref(&I->c, r);
    return dwV_null();
  }
  return r;
}

static void set_log(Interp *I, Set *s) {
  if (dwR_tracing(I)) dwR_log_obj(I, &s->d->h);
}

static bool set_has(Set *s, Value k) { return dwV_dict_get(s->d, k).t != V_NULL; }

/* set_intersection(so, other): iterates the smaller (other on a tie) */
static Value set_intersection(Interp *I, Set *so, Value other) {
  if (other.t == V_SET && SETP(other) == so) return set_of(I, other);
  Value r = dwMt_set_new(I);
  if (r.t == V_NULL) return r;
  bool ok = true;
  if (other.t == V_SET) {
    Set *a = so, *b = SETP(other);
    if (b->d->len > a->d->len) {
      Set *t = a;
      a = b;
      b = t;
    }
    List *l = dwMt_set_order(I, b);
    ok = l != NULL;
    for (int64_t k = 0; ok && k < l->len; k++)
      if (set_has(a, l->items[k])) ok = dwMt_set_add(I, SETP(r), l->items[k]);
    if (l) dwV_decref_o(&I->c, &l->h);
  } else {
    List *l = dwOb_to_list(I, other);
    ok = l != NULL;
    for (int64_t k = 0; ok && k < l->len; k++) {
      if (!dwOb_check_hashable(I, l->items[k])) ok = false;
      else if (set_has(so, l->items[k])) ok = dwMt_set_add(I, SETP(r), l->items[k]);
    }
    if (l) dwV_decref_o(&I->c, &l->h);
  }
  if (!ok) {
    dwV_decref(&I->c, r);
    return dwV_null();
  }
  return r;
}

/* set_difference_update_internal: discards other's elements from so,
 * then resizes away many dummies */
static bool set_diff_update(Interp *I, Set *so, Value other) {
  if (other.t == V_SET && SETP(other) == so) {
    dwV_set_clear(&I->c, so);
    return true;
  }
  List *l = other.t == V_SET ? dwMt_set_order(I, SETP(other)) : dwOb_to_list(I, other);
  if (!l) return false;
  bool ok = true;
  for (int64_t k = 0; ok && k < l->len; k++) {
    if (other.t != V_SET && !dwOb_check_hashable(I, l->items[k])) ok = false;
    else dwV_set_discard(&I->c, so, l->items[k]);
  }
  dwV_decref_o(&I->c, &l->h);
  if (ok) dwV_set_shrink(so);
  return ok;
}

/* set_difference(so, other) */
static Value set_difference(Interp *I, Set *so, Value other) {
  int64_t osize = other.t == V_SET ? SETD(other)->len : other.t == V_DICT ? ((Dict *)OBJ(other))->len : -1;
  if (osize < 0 || (so->d->len >> 2) > osize) {
    Value r = set_of(I, dwV_obj(&so->h));
    if (r.t != V_NULL && !set_diff_update(I, SETP(r), other)) {
      dwV_decref(&I->c, r);
      return dwV_null();
    }
    return r;
  }
  Value r = dwMt_set_new(I);
  if (r.t == V_NULL) return r;
  List *l = dwMt_set_order(I, so);
  bool ok = l != NULL;
  Dict *od = other.t == V_SET ? SETD(other) : (Dict *)OBJ(other);
  for (int64_t k = 0; ok && k < l->len; k++)
    if (dwV_dict_get(od, l->items[k]).t == V_NULL) ok = dwMt_set_add(I, SETP(r), l->items[k]);
  if (l) dwV_decref_o(&I->c, &l->h);
  if (!ok) {
    dwV_decref(&I->c, r);
    return dwV_null();
  }
  return r;
}

/* set_symmetric_difference_update(so, other) */
static bool set_symdiff_update(Interp *I, Set *so, Value other) {
  if (other.t == V_SET && SETP(other) == so) {
    dwV_set_clear(&I->c, so);
    return true;
  }
  if (other.t == V_DICT) {
    Dict *d = (Dict *)OBJ(other);
    for (int64_t k = 0; k < d->nent; k++) {
      if (!d->ent[k].used) continue;
      Value key = d->ent[k].key;
      dwV_incref(key);
      bool ok = dwV_set_discard(&I->c, so, key) || dwMt_set_add(I, so, key);
      dwV_decref(&I->c, key);
      if (!ok) return false;
    }
    return true;
  }
  Value os = other.t == V_SET ? other : set_of(I, other);
  if (os.t == V_NULL) return false;
  if (other.t == V_SET) dwV_incref(os);
  List *l = dwMt_set_order(I, SETP(os));
  bool ok = l != NULL;
  for (int64_t k = 0; ok && k < l->len; k++)
    if (!dwV_set_discard(&I->c, so, l->items[k])) ok = dwMt_set_add(I, so, l->items[k]);
  if (l) dwV_decref_o(&I->c, &l->h);
  dwV_decref(&I->c, os);
  return ok;
}

/* a op b for sets and dict views (| & - ^); inplace: a changes and is
 * returned. Each follows CPython's algorithm (the result's order). */
Value dwMt_set_binop(Interp *I, int op, Value a, Value b, bool inplace) {
  if (a.t != V_SET) {
    /* a dict view: set(view) op= b */
    Value sa = set_of(I, a);
    if (sa.t == V_NULL) return sa;
    Value r = dwMt_set_binop(I, op, sa, b, true);
    dwV_decref(&I->c, sa);
    return r;
  }
  Set *so = SETP(a);
  if (inplace) {
    set_log(I, so);
    bool ok = true;
    switch (op) {
    case BIN_OR: ok = dwMt_set_from(I, so, b); break;
    case BIN_SUB: ok = set_diff_update(I, so, b); break;
    case BIN_XOR: ok = set_symdiff_update(I, so, b); break;
    default: {
      Value t = set_intersection(I, so, b);
      ok = t.t != V_NULL;
      if (ok && !dwV_set_assign(&I->c, so, SETP(t))) {
        dwI_raise_ctx(I);
        ok = false;
      }
      dwV_decref(&I->c, t);
      break;
    }
    }
    if (!ok) return dwV_null();
    dwV_incref(a);
    return a;
  }
  switch (op) {
  case BIN_OR: {
    Value r = set_of(I, a);
    if (r.t != V_NULL && a.u.o != b.u.o && !dwMt_set_from(I, SETP(r), b)) {
      dwV_decref(&I->c, r);
      return dwV_null();
    }
    return r;
  }
  case BIN_AND:
    return set_intersection(I, so, b);
  case BIN_SUB:
    return set_difference(I, so, b);
  default: {
    Value r = set_of(I, b);
    if (r.t != V_NULL && !set_symdiff_update(I, SETP(r), a)) {
      dwV_decref(&I->c, r);
      return dwV_null();
    }
    return r;
  }
  }
}

bool dwMt_set_eq(Interp *I, Value a, Value b, bool *out) {
  /* values views compare by identity */
  if ((a.t == V_DICTVIEW && ((DictView *)OBJ(a))->mode == 1) ||
      (b.t == V_DICTVIEW && ((DictView *)OBJ(b))->mode == 1)) {
    *out = a.u.o == b.u.o;
    return true;
  }
  Value sa = a.t == V_SET ? a : set_of(I, a);
  if (sa.t == V_NULL) return false;
  if (a.t == V_SET) dwV_incref(sa);
  Value sb = b.t == V_SET ? b : set_of(I, b);
  if (sb.t == V_NULL) {
    dwV_decref(&I->c, sa);
    return false;
  }
  if (b.t == V_SET) dwV_incref(sb);
  Dict *da = SETD(sa), *db = SETD(sb);
  *out = da->len == db->len;
  for (int64_t k = 0; *out && k < da->nent; k++)
    if (da->ent[k].used && dwV_dict_get(db, da->ent[k].key).t == V_NULL) *out = false;
  dwV_decref(&I->c, sa);
  dwV_decref(&I->c, sb);
  return true;
}

Value dwMt_set_builtin(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  NOKW("set");
  if (a->n > 1) return dwI_raise(I, EXC_TypeError, "set expected at most 1 argument, got %d", a->n);
  if (a->n == 0) return dwMt_set_new(I);
  return set_of(I, a->v[0]);
}

BI(m_set_add) {
  NARGS("add", 1, 1);
  set_log(I, SETP(self));
  return dwMt_set_add(I, SETP(self), a->v[0]) ? dwV_none() : dwV_null();
}

static Value set_remove(Interp *I, Value self, Args *a, bool must) {
  NARGS(must ? "remove" : "discard", 1, 1);
  if (!dwOb_check_hashable(I, a->v[0])) return dwV_null();
  set_log(I, SETP(self));
  if (!dwV_set_discard(&I->c, SETP(self), a->v[0]) && must) return dwI_raise_key(I, a->v[0]);
  return dwV_none();
}

BI(m_set_remove) { return set_remove(I, self, a, true); }
BI(m_set_discard) { return set_remove(I, self, a, false); }

BI(m_set_pop) {
  NARGS("pop", 0, 0);
  Set *s = SETP(self);
  if (s->d->len == 0) return dwI_raise(I, EXC_KeyError, "'pop from an empty set'");
  set_log(I, s);
  return dwV_set_pop(&I->c, s);
}

BI(m_set_clear) {
  NARGS("clear", 0, 0);
  set_log(I, SETP(self));
  dwV_set_clear(&I->c, SETP(self));
  return dwV_none();
}

BI(m_set_copy) {
  NARGS("copy", 0, 0);
  return set_of(I, self);
}

/* union / intersection / difference of any number of iterables, and the
 * _update forms (data: op, + 16 for in place) */
BI(m_set_multi) {
  NOKW(strchr(def->name, '.') + 1);
  int op = def->data & 15;
  bool inplace = def->data & 16;
  Set *so = SETP(self);
  if (inplace) {
    set_log(I, so);
    if (op == BIN_AND) {
      Value t = self;
      dwV_incref(t);
      for (int k = 0; k < a->n; k++) {
        Value nt = set_intersection(I, SETP(t), a->v[k]);
        dwV_decref(&I->c, t);
        if (nt.t == V_NULL) return nt;
        t = nt;
      }
      bool ok = t.u.o == self.u.o || dwV_set_assign(&I->c, so, SETP(t));
      dwV_decref(&I->c, t);
      if (!ok) return dwI_raise_ctx(I);
      return dwV_none();
    }
    for (int k = 0; k < a->n; k++)
      if (!(op == BIN_OR ? dwMt_set_from(I, so, a->v[k]) : set_diff_update(I, so, a->v[k])))
        return dwV_null();
    return dwV_none();
  }
  Value r;
  if (op == BIN_OR || a->n == 0) {
    r = set_of(I, self);
    for (int k = 0; r.t != V_NULL && op == BIN_OR && k < a->n; k++)
      if (!dwMt_set_from(I, SETP(r), a->v[k])) {
        dwV_decref(&I->c, r);
        r = dwV_null();
      }
    return r;
  }
  if (op == BIN_AND) {
    r = self;
    dwV_incref(r);
    for (int k = 0; k < a->n; k++) {
      Value nr = set_intersection(I, SETP(r), a->v[k]);
      dwV_decref(&I->c, r);
      if (nr.t == V_NULL) return nr;
      r = nr;
    }
    return r;
  }
  r = set_difference(I, so, a->v[0]);
  for (int k = 1; r.t != V_NULL && k < a->n; k++)
    if (!set_diff_update(I, SETP(r), a->v[k])) {
      dwV_decref(&I->c, r);
      r = dwV_null();
    }
  return r;
}

BI(m_set_symdiff) {
  NARGS(strchr(def->name, '.') + 1, 1, 1);
  if (def->data & 16) {
    set_log(I, SETP(self));
    return set_symdiff_update(I, SETP(self), a->v[0]) ? dwV_none() : dwV_null();
  }
  Value r = set_of(I, a->v[0]);
  if (r.t != V_NULL && !set_symdiff_update(I, SETP(r), self)) {
    dwV_decref(&I->c, r);
    return dwV_null();
  }
  return r;
}

/* issubset (0) / issuperset (1) / isdisjoint (2) */
BI(m_set_rel) {
  NARGS(strchr(def->name, '.') + 1, 1, 1);
  Value other = set_of(I, a->v[0]);
  if (other.t == V_NULL) return other;
  Dict *x = SETD(self), *y = SETD(other);
  bool r = true;
  if (def->data == 1) {
    Dict *t = x;
    x = y;
    y = t;
  }
  for (int64_t k = 0; r && k < x->nent; k++) {
    if (!x->ent[k].used) continue;
    bool in = dwV_dict_get(y, x->ent[k].key).t != V_NULL;
    r = def->data == 2 ? !in : in;
  }
  dwV_decref(&I->c, other);
  return dwV_bool(r);
}

/* ---- unbound methods: str.upper(s), map(str.lower, xs) ---- */

BI(b_unbound) {
  Builtin *inner = (Builtin *)OBJ(self);
  const BuiltinDef *md = inner->def;
  const char *dot = strchr(md->name, '.');
  char tname[32];
  size_t tl = dot ? (size_t)(dot - md->name) : 0;
  if (tl >= sizeof tname) tl = sizeof tname - 1;
  memcpy(tname, md->name, tl);
  tname[tl] = 0;
  if (a->n < 1)
    return dwI_raise(I, EXC_TypeError, "unbound method %s() needs an argument", md->name);
  Value recv = a->v[0];
  if (strcmp(dwL_type_key(recv), tname) && !(recv.t == V_TUPLE && !strcmp(tname, "tuple")))
    return dwI_raise(I, EXC_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                     dot ? dot + 1 : md->name, tname, dwV_type_name(recv));
  if (dwR_tracing(I) && md->trace == TK_MUTATE && V_ISOBJ(recv.t)) dwR_log_obj(I, OBJ(recv));
  Args rest = {a->n - 1, a->v + 1, a->nkw, a->kw};
  return md->fn(I, md, recv, &rest);
}

static const BuiltinDef unbound_def = {"method_descriptor", b_unbound, TK_PURE, 0, 0};

static Value unbound_method(Interp *I, const BuiltinDef *d) {
  Builtin *inner = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
  if (!inner) return dwI_raise_ctx(I);
  inner->def = d;
  inner->self = inner->extra = dwV_null();
  Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
  if (!b) {
    dwV_decref_o(&I->c, &inner->h);
    return dwI_raise_ctx(I);
  }
  b->def = &unbound_def;
  b->self = dwV_null();
  b->extra = dwV_obj(&inner->h);
  return dwV_obj(&b->h);
}

/* ---- property(fget, fset), @p.setter ---- */

BI(m_prop_setter) {
  NARGS("setter", 1, 1);
  Wrap *old = (Wrap *)OBJ(self);
  Wrap *w = (Wrap *)dwV_alloc(&I->c, V_WRAP, sizeof(Wrap));
  if (!w) return dwI_raise_ctx(I);
  w->kind = WRAP_PROPERTY;
  dwV_incref(w->target = old->target);
  dwV_incref(w->fset = def->data == 1 ? a->v[0] : old->fset);
  if (def->data == 0) {
    dwV_decref(&I->c, w->target);
    dwV_incref(w->target = a->v[0]);
  }
  return dwV_obj(&w->h);
}

static const BuiltinDef str_methods[] = {
    {"str.upper", m_upper, TK_PURE, 0, 0}, {"str.lower", m_lower, TK_PURE, 0, 0},
    {"str.title", m_title, TK_PURE, 0, 0}, {"str.capitalize", m_capitalize, TK_PURE, 0, 0},
    {"str.swapcase", m_swapcase, TK_PURE, 0, 0}, {"str.casefold", m_casefold, TK_PURE, 0, 0},
    {"str.strip", m_strip, TK_PURE, 0, 0}, {"str.lstrip", m_lstrip, TK_PURE, 0, 0},
    {"str.rstrip", m_rstrip, TK_PURE, 0, 0}, {"str.split", m_split, TK_PURE, 0, 0},
    {"str.rsplit", m_rsplit, TK_PURE, 0, 0},
    {"str.splitlines", m_splitlines, TK_PURE, 0, 0}, {"str.join", m_join, TK_PURE, 0, 0},
    {"str.replace", m_replace, TK_PURE, 0, 0}, {"str.startswith", m_startswith, TK_PURE, 0, 0},
    {"str.endswith", m_endswith, TK_PURE, 0, 0}, {"str.find", m_find, TK_PURE, 0, 0},
    {"str.rfind", m_find, TK_PURE, 1, 0}, {"str.index", m_find, TK_PURE, 2, 0},
    {"str.rindex", m_find, TK_PURE, 3, 0},
    {"str.count", m_count_str, TK_PURE, 0, 0}, {"str.format", m_format, TK_PURE, 0, 0},
    {"str.partition", m_partition, TK_PURE, 0, 0}, {"str.rpartition", m_rpartition, TK_PURE, 0, 0},
    {"str.removeprefix", m_removeprefix, TK_PURE, 0, 0},
    {"str.removesuffix", m_removesuffix, TK_PURE, 0, 0},
    {"str.expandtabs", m_expandtabs, TK_PURE, 0, 0},
    {"str.isdigit", m_isdigit, TK_PURE, 0, 0}, {"str.isdecimal", m_isdigit, TK_PURE, 0, 0},
    {"str.isnumeric", m_isdigit, TK_PURE, 0, 0}, {"str.isalpha", m_isalpha, TK_PURE, 0, 0},
    {"str.isalnum", m_isalnum, TK_PURE, 0, 0}, {"str.isspace", m_isspace, TK_PURE, 0, 0},
    {"str.isupper", m_isupper, TK_PURE, 0, 0}, {"str.islower", m_islower, TK_PURE, 0, 0},
    {"str.istitle", m_istitle, TK_PURE, 0, 0}, {"str.isidentifier", m_isidentifier, TK_PURE, 0, 0},
    {"str.isascii", m_isascii, TK_PURE, 0, 0},
    {"str.ljust", m_ljust, TK_PURE, 0, 0}, {"str.rjust", m_rjust, TK_PURE, 0, 0},
    {"str.center", m_center, TK_PURE, 0, 0}, {"str.zfill", m_zfill, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef list_methods[] = {
    {"list.append", m_append, TK_MUTATE, 0, 0}, {"list.extend", m_extend, TK_MUTATE, 0, 0},
    {"list.pop", m_pop_list, TK_MUTATE, 0, 0}, {"list.insert", m_insert, TK_MUTATE, 0, 0},
    {"list.remove", m_remove, TK_MUTATE, 0, 0}, {"list.index", m_index_seq, TK_PURE, 0, 0},
    {"list.count", m_count_seq, TK_PURE, 0, 0}, {"list.sort", m_sort, TK_MUTATE, 0, 0},
    {"list.reverse", m_reverse, TK_MUTATE, 0, 0}, {"list.copy", m_copy_list, TK_PURE, 0, 0},
    {"list.clear", m_clear_list, TK_MUTATE, 0, 0}, {NULL, NULL, 0, 0, 0}};

static const BuiltinDef dict_methods[] = {
    {"dict.get", m_get, TK_PURE, 0, 0}, {"dict.keys", m_keys, TK_PURE, 0, 0},
    {"dict.values", m_values, TK_PURE, 0, 0}, {"dict.items", m_items, TK_PURE, 0, 0},
    {"dict.update", m_update, TK_MUTATE, 0, 0}, {"dict.pop", m_pop_dict, TK_MUTATE, 0, 0},
    {"dict.popitem", m_popitem, TK_MUTATE, 0, 0},
    {"dict.setdefault", m_setdefault, TK_MUTATE, 0, 0}, {"dict.copy", m_copy_dict, TK_PURE, 0, 0},
    {"dict.clear", m_clear_dict, TK_MUTATE, 0, 0}, {"dict.fromkeys", m_fromkeys, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef tuple_methods[] = {
    {"tuple.index", m_index_seq, TK_PURE, 0, 0}, {"tuple.count", m_count_seq, TK_PURE, 0, 0},
    {"Size.numel", m_size_numel, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}};

/* Set mutators log the set's dict themselves (set_log): TK_PURE keeps
 * dwI_call from logging the Set object, which the undo log ignores. */
static const BuiltinDef set_methods[] = {
    {"set.add", m_set_add, TK_PURE, 0, 0}, {"set.remove", m_set_remove, TK_PURE, 0, 0},
    {"set.discard", m_set_discard, TK_PURE, 0, 0}, {"set.pop", m_set_pop, TK_PURE, 0, 0},
    {"set.clear", m_set_clear, TK_PURE, 0, 0}, {"set.copy", m_set_copy, TK_PURE, 0, 0},
    {"set.union", m_set_multi, TK_PURE, BIN_OR, 0},
    {"set.intersection", m_set_multi, TK_PURE, BIN_AND, 0},
    {"set.difference", m_set_multi, TK_PURE, BIN_SUB, 0},
    {"set.update", m_set_multi, TK_PURE, BIN_OR + 16, 0},
    {"set.intersection_update", m_set_multi, TK_PURE, BIN_AND + 16, 0},
    {"set.difference_update", m_set_multi, TK_PURE, BIN_SUB + 16, 0},
    {"set.symmetric_difference", m_set_symdiff, TK_PURE, 0, 0},
    {"set.symmetric_difference_update", m_set_symdiff, TK_PURE, 16, 0},
    {"set.issubset", m_set_rel, TK_PURE, 0, 0}, {"set.issuperset", m_set_rel, TK_PURE, 1, 0},
    {"set.isdisjoint", m_set_rel, TK_PURE, 2, 0}, {NULL, NULL, 0, 0, 0}};

/* The container protocol's dunders as methods of the builtin containers
 * (range(3).__iter__(), d.__contains__(k), t.__getitem__(0), s.__len__()):
 * the same operations as iter(), `in`, [] and len(). */
BI(m_dunder_iter) {
  NARGS("__iter__", 0, 0);
  return dwOb_iter(I, self);
}
BI(m_dunder_len) {
  NARGS("__len__", 0, 0);
  int64_t n = dwL_len(I, self);
  return n < 0 ? dwV_null() : dwV_int(n);
}
BI(m_dunder_contains) {
  NARGS("__contains__", 1, 1);
  return dwOb_compare(I, CMP_IN, a->v[0], self);
}
BI(m_dunder_getitem) {
  NARGS("__getitem__", 1, 1);
  return dwOb_getitem(I, self, a->v[0]);
}
static const BuiltinDef container_dunders[] = {
    {"object.__iter__", m_dunder_iter, TK_PURE, 0, 0},
    {"object.__len__", m_dunder_len, TK_PURE, 0, 0},
    {"object.__contains__", m_dunder_contains, TK_PURE, 0, 0},
    {"object.__getitem__", m_dunder_getitem, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}};

static const BuiltinDef prop_methods[] = {
    {"property.getter", m_prop_setter, TK_PURE, 0, 0},
    {"property.setter", m_prop_setter, TK_PURE, 1, 0}, {NULL, NULL, 0, 0, 0}};

static Value bound_builtin(Interp *I, const BuiltinDef *d, Value self) {
  Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
  if (!b) return dwI_raise_ctx(I);
  b->def = d;
  dwV_incref(b->self = self);
  b->extra = dwV_null();
  return dwV_obj(&b->h);
}

Value dwMt_bound(Interp *I, const BuiltinDef *d, Value self) { return bound_builtin(I, d, self); }

static const BuiltinDef *find_def(const BuiltinDef *tab, Str *name) {
  for (const BuiltinDef *d = tab; d->name; d++) {
    const char *dot = strchr(d->name, '.');
    if (dot && !strcmp(dot + 1, name->s)) return d;
  }
  return NULL;
}

static Value find_method(Interp *I, const BuiltinDef *tab, Value self, Str *name) {
  const BuiltinDef *d = find_def(tab, name);
  return d ? bound_builtin(I, d, self) : dwV_null();
}

BI(m_bit_length) {
  NARGS("bit_length", 0, 0);
  uint64_t x = self.u.i < 0 ? (uint64_t)0 - (uint64_t)self.u.i : (uint64_t)self.u.i;
  int n = 0;
  while (x) {
    n++;
    x >>= 1;
  }
  return dwV_int(n);
}
BI(m_is_integer) {
  NARGS("is_integer", 0, 0);
  return dwV_bool(isfinite(self.u.f) && self.u.f == floor(self.u.f));
}
BI(m_conjugate) {
  NARGS("conjugate", 0, 0);
  return self.t == V_FLOAT ? self : dwV_int(self.u.i);
}
static const BuiltinDef int_methods[] = {
    {"int.bit_length", m_bit_length, TK_PURE, 0, 0},
    {"int.conjugate", m_conjugate, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}};
static const BuiltinDef float_methods[] = {
    {"float.is_integer", m_is_integer, TK_PURE, 0, 0},
    {"float.conjugate", m_conjugate, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}};

Value dwMt_method(Interp *I, Value self, Str *name) {
  if ((self.t == V_TUPLE || self.t == V_DICT) && dwV_class_of(self)) {
    Value m = dwCo_attr(I, self, name); /* a namedtuple, OrderedDict, ... */
    if (m.t != V_NULL || I->exc.t != V_NULL) return m;
  }
  if (name->s[0] == '_' && (self.t == V_STR || self.t == V_LIST || self.t == V_DICT ||
                            self.t == V_SET || self.t == V_TUPLE || self.t == V_RANGE)) {
    Value m = find_method(I, container_dunders, self, name);
    if (m.t != V_NULL || I->exc.t != V_NULL) return m;
  }
  switch (self.t) {
  case V_INT:
  case V_BOOL:
    if (!strcmp(name->s, "real") || !strcmp(name->s, "numerator")) return dwV_int(self.u.i);
    if (!strcmp(name->s, "imag")) return dwV_int(0);
    if (!strcmp(name->s, "denominator")) return dwV_int(1);
    return find_method(I, int_methods, self, name);
  case V_FLOAT:
    if (!strcmp(name->s, "real")) return self;
    if (!strcmp(name->s, "imag")) return dwV_float(0.0);
    return find_method(I, float_methods, self, name);
  case V_STR:
    return find_method(I, str_methods, self, name);
  case V_LIST:
    return find_method(I, list_methods, self, name);
  case V_DICT:
    return find_method(I, dict_methods, self, name);
  case V_SET:
    return find_method(I, set_methods, self, name);
  case V_DICTVIEW:
    if (!strcmp(name->s, "mapping")) {
      Value d = dwV_obj(&((DictView *)OBJ(self))->d->h);
      dwV_incref(d);
      return d;
    }
    return dwV_null();
  case V_TUPLE: {
    Tuple *t = (Tuple *)OBJ(self);
    if (t->h.flags == TUP_RETTYPE) {
      if (!strcmp(name->s, "values") || !strcmp(name->s, "indices")) {
        Value v = t->items[name->s[0] == 'v' ? 0 : 1];
        dwV_incref(v);
        return v;
      }
    }
    if (!strcmp(name->s, "numel") && t->h.flags != TUP_SIZE) return dwV_null();
    return find_method(I, tuple_methods, self, name);
  }
  case V_SLICE: {
    Slice *sl = (Slice *)OBJ(self);
    Value v = !strcmp(name->s, "start")  ? sl->start
              : !strcmp(name->s, "stop") ? sl->stop
              : !strcmp(name->s, "step") ? sl->step
                                         : dwV_null();
    dwV_incref(v);
    return v;
  }
  case V_RANGE: {
    Range *r = (Range *)OBJ(self);
    if (!strcmp(name->s, "start")) return dwV_int(r->start);
    if (!strcmp(name->s, "stop")) return dwV_int(r->stop);
    if (!strcmp(name->s, "step")) return dwV_int(r->step);
    return dwV_null();
  }
  case V_TENSOR:
    return dwL_tensor_attr(I, self, name);
  case V_DTYPE:
    if (!strcmp(name->s, "is_floating_point")) return dwV_bool(dwT_is_float((int)self.u.i));
    if (!strcmp(name->s, "itemsize")) return dwV_int((int64_t)dwT_dtype_size[self.u.i]);
    return dwV_null();
  case V_OPAQUE: {
    Opaque *o = (Opaque *)OBJ(self);
    if (o->getattr) return o->getattr(I, o->p, name->s);
    return dwV_null();
  }
  case V_GEN: {
    Value v = dwGe_attr(I, (Gen *)OBJ(self), name);
    if (v.t != V_NULL || I->exc.t != V_NULL) return v;
    return find_method(I, dwGe_methods, self, name);
  }
  case V_WRAP: {
    Wrap *w = (Wrap *)OBJ(self);
    if (w->kind != WRAP_PROPERTY) return dwV_null();
    if (!strcmp(name->s, "fget") || !strcmp(name->s, "fset")) {
      Value v = name->s[1] == 'g' ? w->target : w->fset;
      if (v.t == V_NULL) v = dwV_none();
      dwV_incref(v);
      return v;
    }
    return find_method(I, prop_methods, self, name);
  }
  case V_BOUND:
    if (!strcmp(name->s, "__self__")) {
      Value s = ((Bound *)OBJ(self))->self;
      dwV_incref(s);
      return s;
    }
    if (!strcmp(name->s, "__func__")) {
      Value f = ((Bound *)OBJ(self))->func;
      dwV_incref(f);
      return f;
    }
    if (!strcmp(name->s, "__name__")) {
      Value f = ((Bound *)OBJ(self))->func;
      if (f.t == V_FUNC) {
        Str *s = dwV_str(&I->c, ((Func *)OBJ(f))->code->name, strlen(((Func *)OBJ(f))->code->name));
        return s ? VSTR(s) : dwI_raise_ctx(I);
      }
    }
    return dwV_null();
  case V_BUILTIN: {
    const BuiltinDef *bd = ((Builtin *)OBJ(self))->def;
    if (!strcmp(name->s, "__name__")) {
      const char *n = bd->name, *dot = strrchr(n, '.');
      return dwMt_str_new(I, dot ? dot + 1 : n, strlen(dot ? dot + 1 : n));
    }
    if (!strcmp(name->s, "__qualname__")) return dwMt_str_new(I, bd->name, strlen(bd->name));
    if (dwV_is_type_def(bd) && ((Builtin *)OBJ(self))->self.t == V_NULL) {
      /* str.upper, dict.fromkeys, ... */
      const BuiltinDef *tab = !strcmp(bd->name, "str")     ? str_methods
                              : !strcmp(bd->name, "list")  ? list_methods
                              : !strcmp(bd->name, "dict")  ? dict_methods
                              : !strcmp(bd->name, "tuple") ? tuple_methods
                              : !strcmp(bd->name, "set")   ? set_methods
                                                           : NULL;
      const BuiltinDef *d = tab ? find_def(tab, name) : NULL;
      if (!d) return dwV_null();
      if (d->fn == m_fromkeys) return dwL_new_builtin(I, d);
      return unbound_method(I, d);
    }
    return dwV_null();
  }
  default:
    return dwV_null();
  }
}
