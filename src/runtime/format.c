/* format.c - Python's text of values, once: repr() and str() (user
 * __repr__ / __str__ inside containers too, one recursion guard for
 * cycles: I->reprs), format() and format specs (f-strings use them),
 * str.format and the % operator on strings. value.c's dwV_repr is the
 * plain repr that needs no interpreter. */
#include "builtins.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* str(), repr(), format()                                             */
/* ------------------------------------------------------------------ */

Value dwFm_user_method(Interp *I, Value v, const char *name) {
  Class *c = dwV_class_of(v); /* an instance, exception, namedtuple, collections dict */
  if (!c) return dwV_null();
  return dwOb_class_lookup(c, dwI_intern(I, name));
}

/* A tensor turned into text needs its values: in a traced frame a
 * data-dependent graph break (then it goes on eagerly). */
static bool fake_check(Interp *I, Value v) {
  if (v.t != V_TENSOR) return true;
  if (dwR_tracing(I) &&
      !dwR_break_here(I, BR_DATA_DEPENDENT,
                      "Converting a traced tensor to a string needs its values"))
    return false;
  if (!((Tensor *)OBJ(v))->st) {
    dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
    return false;
  }
  return true;
}

/* repr(v), calling __repr__ of user classes (inside containers too).
 * Containers being printed are tracked: a cycle prints [...], {...};
 * nesting deeper than the recursion limit is a RecursionError. */
static bool repr_enter(Interp *I, Buf *b, Value v, const char *loop, bool *done) {
  *done = false;
  for (int k = 0; k < I->nreprs; k++)
    if (I->reprs[k] == OBJ(v)) {
      dwB_puts(b, loop);
      *done = true;
      return true;
    }
  if (I->nreprs >= I->max_depth || !dwFr_stack_ok(I)) {
    if (I->exc.t != V_NULL) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
    }
    dwI_raise(I, EXC_RecursionError,
              "maximum recursion depth exceeded while getting the repr of an object");
    return false;
  }
  if (!I->reprs) {
    I->reprs = I->reprs_small;
    I->capreprs = 32;
  }
  if (I->nreprs == I->capreprs) {
    int cap = I->capreprs * 2;
    Obj **p = malloc(sizeof(Obj *) * (size_t)cap);
    if (!p) {
      dwI_raise(I, EXC_MemoryError, "out of memory");
      return false;
    }
    memcpy(p, I->reprs, sizeof(Obj *) * (size_t)I->nreprs);
    if (I->reprs != I->reprs_small) free(I->reprs);
    I->reprs = p;
    I->capreprs = cap;
  }
  I->reprs[I->nreprs++] = OBJ(v);
  return true;
}

/* Leaves the container entered last; the outermost exit releases a
 * grown stack. */
static void repr_leave(Interp *I) {
  if (--I->nreprs == 0 && I->reprs != I->reprs_small) {
    free(I->reprs);
    I->reprs = I->reprs_small;
    I->capreprs = 32;
  }
}

static bool repr_items(Interp *I, Buf *b, Value *items, int64_t n) {
  for (int64_t k = 0; k < n; k++) {
    if (k) dwB_puts(b, ", ");
    if (!dwFm_repr_value(I, b, items[k])) return false;
  }
  return true;
}

bool dwFm_repr_value(Interp *I, Buf *b, Value v) {
  if (!fake_check(I, v)) return false;
  if (v.t == V_TUPLE && OBJ(v)->flags == TUP_RETTYPE) /* values=tensor(...), indices=... */
    for (int64_t k = 0; k < ((Tuple *)OBJ(v))->len; k++)
      if (!fake_check(I, ((Tuple *)OBJ(v))->items[k])) return false;
  Value m = dwFm_user_method(I, v, "__repr__");
  if (m.t != V_NULL) {
    if (!dwFr_stack_ok(I)) return false;
    Value r = dwI_call0(I, m, 1, &v);
    if (r.t == V_NULL) return false;
    if (r.t != V_STR) {
      dwI_raise(I, EXC_TypeError, "__repr__ returned non-string (type %s)", dwV_type_name(r));
      dwV_decref(&I->c, r);
      return false;
    }
    dwB_putn(b, STR(r)->s, STR(r)->len);
    dwV_decref(&I->c, r);
    return true;
  }
  bool done, ok = true;
  switch (v.t) {
  case V_LIST:
  case V_TUPLE: {
    bool list = v.t == V_LIST;
    if (!list && OBJ(v)->flags != TUP_PLAIN) break;
    if (!repr_enter(I, b, v, list ? "[...]" : "(...)", &done)) return false;
    if (done) return true;
    dwB_putc(b, list ? '[' : '(');
    /* a list may change while its items print: index each time */
    for (int64_t k = 0; ok; k++) {
      int64_t n = list ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
      if (k >= n) break;
      Value x = (list ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items)[k];
      if (k) dwB_puts(b, ", ");
      dwV_incref(x);
      ok = dwFm_repr_value(I, b, x);
      dwV_decref(&I->c, x);
    }
    if (!list && ((Tuple *)OBJ(v))->len == 1) dwB_putc(b, ',');
    dwB_putc(b, list ? ']' : ')');
    repr_leave(I);
    return ok;
  }
  case V_DICT: {
    if (!repr_enter(I, b, v, "{...}", &done)) return false;
    if (done) return true;
    Dict *d = (Dict *)OBJ(v);
    dwB_putc(b, '{');
    bool first = true;
    for (int64_t k = 0; ok && k < d->nent; k++) {
      if (!d->ent[k].used) continue;
      if (!first) dwB_puts(b, ", ");
      first = false;
      Value key = d->ent[k].key, val = d->ent[k].val;
      dwV_incref(key);
      dwV_incref(val);
      ok = dwFm_repr_value(I, b, key);
      if (ok) {
        dwB_puts(b, ": ");
        ok = dwFm_repr_value(I, b, val);
      }
      dwV_decref(&I->c, key);
      dwV_decref(&I->c, val);
    }
    dwB_putc(b, '}');
    repr_leave(I);
    return ok;
  }
  case V_SET: {
    Set *s = (Set *)OBJ(v);
    if (s->d->len == 0) {
      dwB_puts(b, "set()");
      return true;
    }
    if (!repr_enter(I, b, v, "set(...)", &done)) return false;
    if (done) return true;
    List *items = dwMt_set_order(I, s);
    if (items) {
      dwB_putc(b, '{');
      ok = repr_items(I, b, items->items, items->len);
      dwB_putc(b, '}');
      dwV_decref_o(&I->c, &items->h);
    } else {
      ok = false;
    }
    repr_leave(I);
    return ok;
  }
  case V_DICTVIEW: {
    DictView *dv = (DictView *)OBJ(v);
    if (!repr_enter(I, b, v, "...", &done)) return false;
    if (done) return true;
    List *items = dwOb_to_list(I, v);
    if (items) {
      dwB_puts(b, dwV_type_name(v));
      dwB_puts(b, "([");
      ok = repr_items(I, b, items->items, items->len);
      dwB_puts(b, "])");
      dwV_decref_o(&I->c, &items->h);
    } else {
      ok = false;
    }
    (void)dv;
    repr_leave(I);
    return ok;
  }
  case V_EXC: {
    Exc *e = (Exc *)OBJ(v);
    if (e->args.t != V_TUPLE) break;
    dwB_puts(b, dwV_type_name(v));
    dwB_putc(b, '(');
    Tuple *t = (Tuple *)OBJ(e->args);
    ok = repr_items(I, b, t->items, t->len);
    dwB_putc(b, ')');
    return ok;
  }
  case V_BOUND: {
    Bound *bm = (Bound *)OBJ(v);
    dwB_puts(b, "<bound method ");
    if (bm->func.t == V_FUNC) {
      Code *c = ((Func *)OBJ(bm->func))->code;
      dwB_puts(b, c->qualname ? c->qualname : c->name);
    }
    dwB_puts(b, " of ");
    ok = dwFm_repr_value(I, b, bm->self);
    dwB_putc(b, '>');
    return ok;
  }
  default:
    break;
  }
  dwV_repr(b, v);
  return true;
}

bool dwFm_str_value(Interp *I, Buf *b, Value v) {
  if (!fake_check(I, v)) return false;
  Value m = dwFm_user_method(I, v, "__str__");
  if (m.t != V_NULL) {
    Value r = dwI_call0(I, m, 1, &v);
    if (r.t == V_NULL) return false;
    if (r.t != V_STR) {
      dwV_decref(&I->c, r);
      dwI_raise(I, EXC_TypeError, "__str__ returned non-string");
      return false;
    }
    dwB_putn(b, STR(r)->s, STR(r)->len);
    dwV_decref(&I->c, r);
    return true;
  }
  if (v.t == V_STR || v.t == V_EXC) {
    dwV_str_of(b, v);
    return true;
  }
  return dwFm_repr_value(I, b, v);
}

typedef struct Spec {
  char fill[5];  /* one character, UTF-8 */
  char align, sign, type;
  bool alt, zero, grouping_comma, grouping_under, fill_set;
  int64_t width, prec;
} Spec;

void dwFm_utf8_put(Buf *b, uint32_t c) {
  char buf[4];
  size_t n;
  if (c < 0x80) buf[0] = (char)c, n = 1;
  else if (c < 0x800) buf[0] = (char)(0xc0 | (c >> 6)), buf[1] = (char)(0x80 | (c & 63)), n = 2;
  else if (c < 0x10000)
    buf[0] = (char)(0xe0 | (c >> 12)), buf[1] = (char)(0x80 | ((c >> 6) & 63)),
    buf[2] = (char)(0x80 | (c & 63)), n = 3;
  else
    buf[0] = (char)(0xf0 | (c >> 18)), buf[1] = (char)(0x80 | ((c >> 12) & 63)),
    buf[2] = (char)(0x80 | ((c >> 6) & 63)), buf[3] = (char)(0x80 | (c & 63)), n = 4;
  dwB_putn(b, buf, n);
}

/* bytes of the UTF-8 character starting at p (at most n) */
size_t dwFm_utf8_w(const char *p, size_t n) {
  unsigned char c = (unsigned char)p[0];
  size_t w = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
  return w > n ? n : w;
}

/* decimal digits of a format spec / field number: false (ValueError)
 * beyond int64, as CPython's "Too many decimal digits" */
static bool spec_digits(Interp *I, const char *s, size_t n, size_t *i, int64_t *out) {
  int64_t v = 0;
  while (*i < n && isdigit((unsigned char)s[*i])) {
    int d = s[(*i)++] - '0';
    if (v > (INT64_MAX - d) / 10) {
      dwI_raise(I, EXC_ValueError, "Too many decimal digits in format string");
      return false;
    }
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

static bool parse_spec(Interp *I, const char *s, size_t n, Spec *sp, const char *tname) {
  memset(sp, 0, sizeof *sp);
  sp->fill[0] = ' ';
  sp->prec = -1;
  size_t i = 0;
  size_t w = n ? dwFm_utf8_w(s, n) : 0;
  if (n > w && strchr("<>^=", s[w]) && s[w]) {
    memcpy(sp->fill, s, w);
    sp->fill[w] = 0;
    sp->fill_set = true;
    sp->align = s[w];
    i = w + 1;
  } else if (n >= 1 && s[0] && strchr("<>^=", s[0])) {
    sp->align = s[0];
    i = 1;
  }
  if (i < n && s[i] && strchr("+- ", s[i])) sp->sign = s[i++];
  if (i < n && s[i] == 'z') i++;
  if (i < n && s[i] == '#') {
    sp->alt = true;
    i++;
  }
  if (i < n && s[i] == '0') {
    sp->zero = true;
    i++;
  }
  if (!spec_digits(I, s, n, &i, &sp->width)) return false;
  if (i < n && s[i] == ',') {
    sp->grouping_comma = true;
    i++;
  } else if (i < n && s[i] == '_') {
    sp->grouping_under = true;
    i++;
  }
  if (i < n && (s[i] == ',' || s[i] == '_')) {
    dwI_raise(I, EXC_ValueError, "Cannot specify both ',' and '_'.");
    return false;
  }
  if (i < n && s[i] == '.') {
    i++;
    if (i >= n || !isdigit((unsigned char)s[i])) {
      dwI_raise(I, EXC_ValueError, "Format specifier missing precision");
      return false;
    }
    if (!spec_digits(I, s, n, &i, &sp->prec)) return false;
  }
  if (i < n) sp->type = s[i++];
  if (i != n) {
    dwI_raise(I, EXC_ValueError, "Invalid format specifier '%.*s' for object of type '%s'",
              (int)n, s, tname);
    return false;
  }
  return true;
}

/* digits grouped by 3 with sep; with min_width > 0 (zero padding),
 * leading zeros are grouped too until min_width characters, never
 * starting with a separator (CPython's InsertThousandsGrouping) */
#define DW_MAX_GROUP ((int64_t)1 << 26)
static void group_digits_min(Buf *out, const char *digits, size_t n, char sep, int64_t min_width) {
  if (min_width > DW_MAX_GROUP) min_width = DW_MAX_GROUP;
  size_t cap = n + n / 3 + (min_width > 0 ? (size_t)min_width : 0) + 4;
  char *tmp = malloc(cap);
  if (!tmp) return;
  size_t len = 0;
  int count = 0;
  for (size_t i = n; i > 0; i--) {
    if (count == 3) {
      tmp[len++] = sep;
      count = 0;
    }
    tmp[len++] = digits[i - 1];
    count++;
  }
  while ((int64_t)len < min_width && len + 2 < cap) {
    if (count == 3) {
      tmp[len++] = sep;
      count = 0;
    }
    tmp[len++] = '0';
    count++;
  }
  for (size_t i = len; i > 0; i--) dwB_putc(out, tmp[i - 1]);
  free(tmp);
}




/* pads `body` (sign separate for '=' alignment) to the spec's width, in
 * code points */
static bool pad(Interp *I, Buf *b, const Spec *sp, const char *sign, const char *body,
                size_t bodylen, bool numeric) {
  size_t len = (size_t)dwV_utf8_cplen(sign, strlen(sign)) + (size_t)dwV_utf8_cplen(body, bodylen);
  char align = sp->align ? sp->align : (numeric ? '>' : '<');
  const char *fill = sp->fill;
  if (sp->zero && !sp->fill_set) fill = "0";
  if (sp->zero && !sp->align && numeric) align = '=';
  if (sp->width > DW_MAX_PAD) {
    dwI_raise(I, EXC_MemoryError, "%s", "");
    return false;
  }
  size_t w = (size_t)sp->width;
  size_t padn = w > len ? w - len : 0;
  size_t left = align == '>' || align == '=' ? padn : align == '^' ? padn / 2 : 0;
  size_t right = padn - left;
  if (align == '=') dwB_puts(b, sign);
  for (size_t k = 0; k < left; k++) dwB_puts(b, fill);
  if (align != '=') dwB_puts(b, sign);
  dwB_putn(b, body, bodylen);
  for (size_t k = 0; k < right; k++) dwB_puts(b, fill);
  if (b->oom) {
    dwI_raise(I, EXC_MemoryError, "%s", "");
    return false;
  }
  return true;
}

/* Zero padding with grouping: the width the grouped integer part fills
 * (0: no such padding). rest: characters after it, signlen: the sign. */
static int64_t zero_group_width(const Spec *sp, size_t signlen, size_t rest) {
  if (!sp->zero || sp->fill_set || (sp->align && sp->align != '=') ||
      !(sp->grouping_comma || sp->grouping_under))
    return 0;
  int64_t w = sp->width - (int64_t)signlen - (int64_t)rest;
  return w > 0 ? w : 0;
}

/* body of a float (no sign) formatted by spec type; signlen: the sign's
 * length (zero padding with grouping) */
static void fmt_float_spec_s(Buf *body, double x, const Spec *sp, char type, size_t signlen);
static void fmt_float_spec(Buf *body, double x, const Spec *sp, char type) {
  fmt_float_spec_s(body, x, sp, type, 0);
}

static void fmt_float_spec_s(Buf *body, double x, const Spec *sp, char type, size_t signlen) {
  int64_t prec = sp->prec < 0 ? 6 : sp->prec;
  if (prec > 10000) prec = 10000;
  char fmtc = type;
  double ax = fabs(x);
  if (isinf(ax) || isnan(ax)) {
    const char *s = isnan(ax) ? "nan" : "inf";
    if (type == 'E' || type == 'F' || type == 'G') s = isnan(ax) ? "NAN" : "INF";
    dwB_puts(body, s);
    if (type == '%') dwB_putc(body, '%');
    return;
  }
  if (type == '%') {
    ax *= 100;
    fmtc = 'f';
  }
  Buf tmp = {0};
  if (type == 0 && sp->prec < 0) {
    dwB_float(&tmp, ax);
  } else {
    if (type == 0) {
      fmtc = 'g';
      if (prec == 0) prec = 1;
    }
    if (fmtc == 'n') fmtc = 'g';
    char f[16];
    snprintf(f, sizeof f, "%%%s.%d%c", sp->alt ? "#" : "", (int)prec, fmtc);
    dwB_printf(&tmp, f, ax);
    if (type == 0 && tmp.p && !strchr(tmp.p, '.') && !strchr(tmp.p, 'e') && !strchr(tmp.p, 'E') &&
        !strchr(tmp.p, 'n') && !strchr(tmp.p, 'i'))
      dwB_puts(&tmp, ".0");
  }
  const char *t = tmp.p ? tmp.p : "";
  if (sp->grouping_comma || sp->grouping_under) {
    size_t ilen = 0;
    while (isdigit((unsigned char)t[ilen])) ilen++;
    size_t rest = strlen(t) - ilen + (type == '%' ? 1 : 0);
    group_digits_min(body, t, ilen, sp->grouping_comma ? ',' : '_',
                     zero_group_width(sp, signlen, rest));
    dwB_puts(body, t + ilen);
  } else {
    dwB_puts(body, t);
  }
  dwB_free(&tmp);
  if (type == '%') dwB_putc(body, '%');
}

/* digits of |x| in base (2, 8, 10, 16) */
void dwFm_int_digits(Buf *body, int64_t x, int base, bool upper) {
  uint64_t ux = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
  char digits[80];
  int nd = 0;
  do {
    int d = (int)(ux % (uint64_t)base);
    digits[nd++] = (char)(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10);
    ux /= (uint64_t)base;
  } while (ux);
  for (int k = nd - 1; k >= 0; k--) dwB_putc(body, digits[k]);
}

static bool format_int(Interp *I, Buf *b, int64_t x, const Spec *sp, const char *tname) {
  char t = sp->type;
  Buf body = {0};
  const char *sign = x < 0 ? "-" : sp->sign == '+' ? "+" : sp->sign == ' ' ? " " : "";
  if (t == 'e' || t == 'E' || t == 'f' || t == 'F' || t == 'g' || t == 'G' || t == '%') {
    double d = (double)x;
    fmt_float_spec(&body, d, sp, t);
  } else if (t == 0 || t == 'd' || t == 'n' || t == 'x' || t == 'X' || t == 'o' ||
             t == 'b' || t == 'c') {
    if (sp->prec >= 0) {
      dwB_free(&body);
      dwI_raise(I, EXC_ValueError, "Precision not allowed in integer format specifier");
      return false;
    }
    if (t == 'c') {
      if (x < 0 || x > 0x10ffff) {
        dwB_free(&body);
        dwI_raise(I, EXC_OverflowError, "%%c arg not in range(0x110000)");
        return false;
      }
      dwFm_utf8_put(&body, (uint32_t)x);
      sign = "";
    } else {
      int base = t == 'x' || t == 'X' ? 16 : t == 'o' ? 8 : t == 'b' ? 2 : 10;
      Buf digits = {0};
      dwFm_int_digits(&digits, x, base, t == 'X');
      if (sp->alt && base != 10)
        dwB_puts(&body, base == 16 ? (t == 'X' ? "0X" : "0x") : base == 8 ? "0o" : "0b");
      if (sp->grouping_comma || sp->grouping_under)
        group_digits_min(&body, digits.p, digits.len, sp->grouping_comma ? ',' : '_',
                         zero_group_width(sp, strlen(sign) + body.len, 0));
      else
        dwB_putn(&body, digits.p ? digits.p : "", digits.len);
      dwB_free(&digits);
    }
  } else {
    dwB_free(&body);
    dwI_raise(I, EXC_ValueError, "Unknown format code '%c' for object of type '%s'", t, tname);
    return false;
  }
  bool ok = pad(I, b, sp, sign, body.p ? body.p : "", body.len, true);
  dwB_free(&body);
  return ok;
}

bool dwFm_format(Interp *I, Buf *b, Value v, Str *spec) {
  if (v.t == V_TENSOR) {
    Tensor *t = (Tensor *)OBJ(v);
    if (!fake_check(I, v)) return false;
    if (spec && spec->len && dwT_numel(t) == 1) {
      Value item = dwT_is_float(t->dtype) ? dwV_float(dwT_get(t, 0))
                   : t->dtype == DT_BOOL ? dwV_bool(dwT_get(t, 0) != 0)
                                         : dwV_int(dwT_get_int(t, 0));
      return dwFm_format(I, b, item, spec);
    }
  }
  if (v.t == V_INST || v.t == V_EXC) {
    Value m = dwFm_user_method(I, v, "__format__");
    if (m.t != V_NULL && m.t != V_BUILTIN) {
      Str *empty = spec ? spec : dwV_str(&I->c, "", 0);
      if (!empty) return dwI_raise_ctx(I), false;
      Value args[2] = {v, VSTR(empty)};
      Value r = dwI_call0(I, m, 2, args);
      if (!spec) dwV_decref_o(&I->c, &empty->h);
      if (r.t == V_NULL) return false;
      if (r.t != V_STR) {
        dwI_raise(I, EXC_TypeError, "__format__ must return a str, not %s", dwV_type_name(r));
        dwV_decref(&I->c, r);
        return false;
      }
      dwB_putn(b, STR(r)->s, STR(r)->len);
      dwV_decref(&I->c, r);
      return true;
    }
  }
  if (!spec || spec->len == 0) return dwFm_str_value(I, b, v);
  Spec sp;
  if (!parse_spec(I, spec->s, spec->len, &sp, dwV_type_name(v))) return false;
  if (v.t == V_INT || v.t == V_BOOL) return format_int(I, b, v.u.i, &sp, dwV_type_name(v));
  if (v.t == V_FLOAT) {
    char t = sp.type;
    if (t && !strchr("eEfFgGn%", t)) {
      dwI_raise(I, EXC_ValueError, "Unknown format code '%c' for object of type 'float'", t);
      return false;
    }
    double d = v.u.f;
    const char *sign = (d < 0 || (d == 0 && signbit(d))) ? "-" : sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
    if (isnan(d)) sign = sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
    Buf body = {0};
    fmt_float_spec_s(&body, d, &sp, t, strlen(sign));
    bool ok = pad(I, b, &sp, sign, body.p ? body.p : "", body.len, true);
    dwB_free(&body);
    return ok;
  }
  if (v.t != V_STR && v.t != V_TENSOR) {
    dwI_raise(I, EXC_TypeError, "unsupported format string passed to %s.__format__",
              dwV_type_name(v));
    return false;
  }
  if (sp.type && sp.type != 's') {
    dwI_raise(I, EXC_ValueError, "Unknown format code '%c' for object of type '%s'",
              sp.type, dwV_type_name(v));
    return false;
  }
  if (sp.grouping_comma || sp.grouping_under) {
    dwI_raise(I, EXC_ValueError, "Cannot specify '%c' with 's'.", sp.grouping_comma ? ',' : '_');
    return false;
  }
  if (sp.sign) {
    dwI_raise(I, EXC_ValueError, "Sign not allowed in string format specifier");
    return false;
  }
  if (sp.align == '=') {
    dwI_raise(I, EXC_ValueError, "'=' alignment not allowed in string format specifier");
    return false;
  }
  Buf s = {0};
  if (!dwFm_str_value(I, &s, v)) {
    dwB_free(&s);
    return false;
  }
  size_t len = s.len;
  if (sp.prec >= 0) {
    /* the first prec code points */
    size_t i = 0;
    int64_t k = 0;
    while (i < s.len && k < sp.prec) {
      i += dwFm_utf8_w(s.p + i, s.len - i);
      k++;
    }
    len = i;
  }
  bool ok = pad(I, b, &sp, "", s.p ? s.p : "", len, false);
  dwB_free(&s);
  return ok;
}

/* ---- printf-style formatting: "..." % args ---- */

Value dwFm_str_percent(Interp *I, Str *fmt, Value args) {
  Value *items = &args;
  int64_t n = 1;
  bool tuple = args.t == V_TUPLE;
  if (tuple) {
    items = ((Tuple *)OBJ(args))->items;
    n = ((Tuple *)OBJ(args))->len;
  }
  bool mapping = args.t == V_DICT || (args.t == V_INST && !tuple);
  bool used_map = false;
  int64_t used = 0;
  Buf b = {0};
  const char *s = fmt->s;
  size_t len = fmt->len;
#define PFAIL(...)                      \
  do {                                  \
    dwB_free(&b);                       \
    return dwI_raise(I, __VA_ARGS__);   \
  } while (0)
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c != '%') {
      dwB_putc(&b, c);
      continue;
    }
    if (++i >= len) PFAIL(EXC_ValueError, "incomplete format");
    if (s[i] == '%') {
      dwB_putc(&b, '%');
      continue;
    }
    Value v = dwV_null();
    bool have = false;
    if (s[i] == '(') {
      /* %(name)s */
      size_t j = i + 1;
      int depth = 1;
      while (j < len && depth) {
        if (s[j] == '(') depth++;
        else if (s[j] == ')') depth--;
        if (depth) j++;
      }
      if (j >= len) PFAIL(EXC_ValueError, "incomplete format key");
      if (!mapping) PFAIL(EXC_TypeError, "format requires a mapping");
      Str *key = dwV_str(&I->c, s + i + 1, j - i - 1);
      if (!key) {
        dwB_free(&b);
        return dwI_raise_ctx(I);
      }
      v = dwOb_getitem(I, args, VSTR(key));
      dwV_decref_o(&I->c, &key->h);
      if (v.t == V_NULL) {
        dwB_free(&b);
        return v;
      }
      dwV_decref(&I->c, v); /* the mapping keeps it alive */
      have = true;
      used_map = true;
      i = j + 1;
    }
    Spec sp;
    memset(&sp, 0, sizeof sp);
    sp.fill[0] = ' ';
    sp.prec = -1;
    bool left = false;
    for (; i < len && strchr("-+ #0", s[i]); i++) {
      if (s[i] == '-') left = true;
      else if (s[i] == '+') sp.sign = '+';
      else if (s[i] == ' ') {
        if (sp.sign != '+') sp.sign = ' ';
      } else if (s[i] == '#') sp.alt = true;
      else sp.zero = true;
    }
    for (int part = 0; part < 2; part++) {
      int64_t *dst = part ? &sp.prec : &sp.width;
      if (part) {
        if (i >= len || s[i] != '.') break;
        i++;
        sp.prec = 0;
      }
      if (i < len && s[i] == '*') {
        i++;
        if (used >= n || mapping) PFAIL(EXC_TypeError, "not enough arguments for format string");
        Value w = items[used++];
        if (!(w.t == V_INT || w.t == V_BOOL)) PFAIL(EXC_TypeError, "* wants int");
        *dst = w.u.i;
        if (!part && *dst < 0) {
          left = true;
          *dst = -*dst;
        }
        if (part && *dst < 0) *dst = 0;
        continue;
      }
      int64_t x = 0;
      while (i < len && isdigit((unsigned char)s[i])) {
        int d = s[i++] - '0';
        if (x > (INT64_MAX - d) / 10)
          PFAIL(EXC_ValueError, "%s", part ? "precision too big" : "width too big");
        x = x * 10 + d;
      }
      if (part && x > INT32_MAX) PFAIL(EXC_ValueError, "precision too big"); /* as CPython */
      *dst = x;
    }
    while (i < len && strchr("hlL", s[i])) i++;
    if (i >= len) PFAIL(EXC_ValueError, "incomplete format");
    char conv = s[i];
    if (!strchr("diouxXeEfFgGcrsa", conv))
      PFAIL(EXC_ValueError, "unsupported format character '%c' (0x%x) at index %zu", conv,
            (unsigned)(unsigned char)conv, i);
    if (!have) {
      if (mapping && !tuple) {
        v = args;
        used_map = true;
      } else {
        if (used >= n) PFAIL(EXC_TypeError, "not enough arguments for format string");
        v = items[used++];
      }
    }
    if (left) sp.align = '<';
    else sp.align = '>';
    if (left) sp.zero = false;
    Buf body = {0};
    const char *sign = "";
    bool numeric = false;
    bool ok = true;
    if (conv == 's' || conv == 'r' || conv == 'a') {
      ok = conv == 's' ? dwFm_str_value(I, &body, v) : dwFm_repr_value(I, &body, v);
      if (ok && conv == 'a') {
        Buf q = {0};
        dwL_ascii_of(&q, body.p ? body.p : "", body.len);
        dwB_free(&body);
        body = q;
      }
      if (ok && sp.prec >= 0) {
        size_t k = 0;
        int64_t cp = 0;
        while (k < body.len && cp < sp.prec) {
          k += dwFm_utf8_w(body.p + k, body.len - k);
          cp++;
        }
        body.len = k;
      }
      sp.zero = false;
    } else if (conv == 'c') {
      if (v.t == V_INT || v.t == V_BOOL) {
        if (v.u.i < 0 || v.u.i > 0x10ffff) {
          dwB_free(&body);
          PFAIL(EXC_OverflowError, "%%c arg not in range(0x110000)");
        }
        dwFm_utf8_put(&body, (uint32_t)v.u.i);
      } else if (v.t == V_STR && dwV_str_cplen(STR(v)) == 1) {
        dwB_putn(&body, STR(v)->s, STR(v)->len);
      } else {
        dwB_free(&body);
        PFAIL(EXC_TypeError, "%%c requires int or char");
      }
      sp.zero = false;
    } else if (strchr("diuoxX", conv)) {
      int64_t x;
      numeric = true;
      if (v.t == V_INT || v.t == V_BOOL) {
        x = v.u.i;
      } else if (v.t == V_FLOAT && (conv == 'd' || conv == 'i' || conv == 'u')) {
        if (!isfinite(v.u.f)) {
          dwB_free(&body);
          PFAIL(isnan(v.u.f) ? EXC_ValueError : EXC_OverflowError,
                isnan(v.u.f) ? "cannot convert float NaN to integer"
                             : "cannot convert float infinity to integer");
        }
        if (fabs(v.u.f) >= 9.2e18) {
          dwB_free(&body);
          PFAIL(EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
        }
        x = (int64_t)v.u.f;
      } else if (v.t == V_INST && dwOb_index(I, v, &x)) {
      } else {
        dwB_free(&b);
        dwB_free(&body);
        if (I->exc.t != V_NULL) return dwV_null();
        if (conv == 'd' || conv == 'i' || conv == 'u')
          return dwI_raise(I, EXC_TypeError, "%%%c format: a real number is required, not %s",
                           conv, dwV_type_name(v));
        return dwI_raise(I, EXC_TypeError, "%%%c format: an integer is required, not %s", conv,
                         dwV_type_name(v));
      }
      sign = x < 0 ? "-" : sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
      int base = conv == 'o' ? 8 : conv == 'x' || conv == 'X' ? 16 : 10;
      Buf digits = {0};
      dwFm_int_digits(&digits, x, base, conv == 'X');
      if (sp.alt && base != 10) dwB_puts(&body, base == 8 ? "0o" : conv == 'X' ? "0X" : "0x");
      if (sp.prec > DW_MAX_PAD) { /* the string would not fit: as CPython's */
        dwB_free(&digits);
        dwB_free(&body);
        PFAIL(EXC_MemoryError, "%s", "");
      }
      for (int64_t k = (int64_t)digits.len; k < sp.prec; k++) dwB_putc(&body, '0');
      dwB_putn(&body, digits.p ? digits.p : "", digits.len);
      dwB_free(&digits);
    } else { /* eEfFgG */
      double d;
      numeric = true;
      if (v.t == V_INT || v.t == V_BOOL) d = (double)v.u.i;
      else if (v.t == V_FLOAT) d = v.u.f;
      else {
        Value fv = dwV_null();
        Value m = dwFm_user_method(I, v, "__float__");
        if (m.t != V_NULL) fv = dwI_call0(I, m, 1, &v);
        if (fv.t != V_FLOAT) {
          dwV_decref(&I->c, fv);
          dwB_free(&body);
          dwB_free(&b);
          if (I->exc.t != V_NULL) return dwV_null();
          return dwI_raise(I, EXC_TypeError, "must be real number, not %s", dwV_type_name(v));
        }
        d = fv.u.f;
      }
      sign = (d < 0 || (d == 0 && signbit(d))) ? "-" : sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
      if (isnan(d)) sign = sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
      Spec fs = sp;
      fs.prec = sp.prec < 0 ? 6 : sp.prec;
      fmt_float_spec(&body, d, &fs, conv);
    }
    if (ok) {
      Spec ps = sp;
      ps.align = left ? '<' : (sp.zero && numeric) ? '=' : '>';
      if (sp.zero && numeric) {
        ps.fill[0] = '0';
        ps.fill[1] = 0;
      }
      ok = pad(I, &b, &ps, sign, body.p ? body.p : "", body.len, numeric);
    }
    dwB_free(&body);
    if (!ok) {
      dwB_free(&b);
      return dwV_null();
    }
  }
#undef PFAIL
  if ((tuple && used < n) || (!tuple && !mapping && used == 0)) {
    dwB_free(&b);
    return dwI_raise(I, EXC_TypeError,
                     "not all arguments converted during string formatting");
  }
  (void)used_map;
  Str *r = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return r ? VSTR(r) : dwI_raise_ctx(I);
}

/* ---- str.format ---- */

typedef struct FmtState {
  Args *a;
  int autoidx;   /* next automatic field number */
  int mode;      /* 0 unknown, 1 automatic, 2 manual */
} FmtState;

static bool format_into(Interp *I, Buf *b, const char *s, size_t len, FmtState *st, int depth);

/* The object a field name designates: arg_name ('.' attr | '[' key ']')* */
static Value field_value(Interp *I, const char *f, size_t n, FmtState *st) {
  size_t i = 0;
  while (i < n && f[i] != '.' && f[i] != '[') i++;
  Value v;
  Args *a = st->a;
  if (i == 0) {
    if (st->mode == 2)
      return dwI_raise(I, EXC_ValueError,
                       "cannot switch from manual field specification to automatic field numbering");
    st->mode = 1;
    if (st->autoidx >= a->n)
      return dwI_raise(I, EXC_IndexError,
                       "Replacement index %d out of range for positional args tuple", st->autoidx);
    v = a->v[st->autoidx++];
    dwV_incref(v);
  } else {
    bool digits = true;
    for (size_t k = 0; k < i; k++)
      if (!isdigit((unsigned char)f[k])) digits = false;
    if (digits) {
      size_t p = 0;
      int64_t idx;
      if (!spec_digits(I, f, i, &p, &idx)) return dwV_null();
      if (st->mode == 1)
        return dwI_raise(I, EXC_ValueError,
                         "cannot switch from automatic field numbering to manual field specification");
      st->mode = 2;
      if (idx >= a->n)
        return dwI_raise(I, EXC_IndexError,
                         "Replacement index %lld out of range for positional args tuple",
                         (long long)idx);
      v = a->v[idx];
      dwV_incref(v);
    } else {
      v = dwV_null();
      for (int k = 0; k < a->nkw; k++)
        if (strlen(a->kw[k].name->s) == i && !memcmp(a->kw[k].name->s, f, i)) v = a->kw[k].v;
      if (v.t == V_NULL) {
        Str *key = dwV_str(&I->c, f, i);
        if (!key) return dwI_raise_ctx(I);
        dwI_raise_key(I, VSTR(key));
        dwV_decref_o(&I->c, &key->h);
        return dwV_null();
      }
      dwV_incref(v);
    }
  }
  while (i < n) {
    Value nv;
    if (f[i] == '.') {
      size_t j = ++i;
      while (i < n && f[i] != '.' && f[i] != '[') i++;
      if (i == j) {
        dwV_decref(&I->c, v);
        return dwI_raise(I, EXC_ValueError, "Empty attribute in format string");
      }
      char name[128];
      size_t l = i - j < sizeof name - 1 ? i - j : sizeof name - 1;
      memcpy(name, f + j, l);
      name[l] = 0;
      nv = dwOb_getattr(I, v, dwI_intern(I, name));
    } else if (f[i] == '[') {
      size_t j = ++i;
      while (i < n && f[i] != ']') i++;
      if (i >= n) {
        dwV_decref(&I->c, v);
        return dwI_raise(I, EXC_ValueError, "Missing ']' in format string");
      }
      if (i == j) {
        dwV_decref(&I->c, v);
        return dwI_raise(I, EXC_ValueError, "Empty attribute in format string");
      }
      bool digits = true;
      for (size_t k = j; k < i; k++)
        if (!isdigit((unsigned char)f[k])) digits = false;
      Value key;
      if (digits) {
        size_t p = 0;
        int64_t idx;
        if (!spec_digits(I, f + j, i - j, &p, &idx)) {
          dwV_decref(&I->c, v);
          return dwV_null();
        }
        key = dwV_int(idx);
      } else {
        Str *ks = dwV_str(&I->c, f + j, i - j);
        if (!ks) {
          dwV_decref(&I->c, v);
          return dwI_raise_ctx(I);
        }
        key = VSTR(ks);
      }
      nv = dwOb_getitem(I, v, key);
      dwV_decref(&I->c, key);
      i++;
    } else {
      dwV_decref(&I->c, v);
      return dwI_raise(I, EXC_ValueError,
                       "Only '.' or '[' may follow ']' in format field specifier");
    }
    dwV_decref(&I->c, v);
    if (nv.t == V_NULL) return nv;
    v = nv;
  }
  return v;
}

static bool format_into(Interp *I, Buf *b, const char *s, size_t len, FmtState *st, int depth) {
  if (depth > 2) {
    dwI_raise(I, EXC_ValueError, "Max string recursion exceeded");
    return false;
  }
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c == '}') {
      if (i + 1 < len && s[i + 1] == '}') {
        i++;
        dwB_putc(b, '}');
        continue;
      }
      dwI_raise(I, EXC_ValueError, "Single '}' encountered in format string");
      return false;
    }
    if (c != '{') {
      dwB_putc(b, c);
      continue;
    }
    if (i + 1 < len && s[i + 1] == '{') {
      dwB_putc(b, '{');
      i++;
      continue;
    }
    if (i + 1 == len) {
      dwI_raise(I, EXC_ValueError, "Single '{' encountered in format string");
      return false;
    }
    /* parse_field: the name ('[' skips to ']'), !conversion, :spec with
     * nested braces, then the closing '}' */
    size_t p = i + 1, nstart = p;
    int fc = -1;
    while (p < len) {
      fc = (unsigned char)s[p++];
      if (fc == '{') {
        dwI_raise(I, EXC_ValueError, "unexpected '{' in field name");
        return false;
      }
      if (fc == '[') {
        while (p < len && s[p] != ']') p++;
        continue;
      }
      if (fc == '}' || fc == ':' || fc == '!') break;
    }
    const char *f = s + nstart;
    size_t nlen = p - 1 - nstart;
    char conv = 0;
    const char *spec = "";
    size_t speclen = 0;
    size_t j;
    if (fc == '!' || fc == ':') {
      bool done = false;
      if (fc == '!') {
        if (p >= len) {
          dwI_raise(I, EXC_ValueError, "end of string while looking for conversion specifier");
          return false;
        }
        conv = s[p++];
        if (p < len) {
          char c2 = s[p++];
          if (c2 == '}') {
            done = true;
            j = p - 1;
          } else if (c2 != ':') {
            dwI_raise(I, EXC_ValueError, "expected ':' after conversion specifier");
            return false;
          }
        }
      }
      if (!done) {
        size_t sstart = p;
        int count = 1;
        while (p < len) {
          char c3 = s[p++];
          if (c3 == '{') count++;
          else if (c3 == '}' && --count == 0) break;
        }
        if (count != 0) {
          dwI_raise(I, EXC_ValueError, "unmatched '{' in format spec");
          return false;
        }
        spec = s + sstart;
        speclen = p - 1 - sstart;
        j = p - 1;
      }
      if (conv && conv != 'r' && conv != 's' && conv != 'a') {
        dwI_raise(I, EXC_ValueError, "Unknown conversion specifier %c", conv);
        return false;
      }
    } else if (fc != '}') {
      dwI_raise(I, EXC_ValueError, "expected '}' before end of string");
      return false;
    } else {
      j = p - 1;
    }
    Value v = field_value(I, f, nlen, st);
    if (v.t == V_NULL) return false;
    /* nested replacement fields in the spec */
    Buf sb = {0};
    bool ok = format_into(I, &sb, spec, speclen, st, depth + 1);
    Str *sp = ok ? dwV_str(&I->c, sb.p ? sb.p : "", sb.len) : NULL;
    dwB_free(&sb);
    if (ok && !sp) {
      dwI_raise_ctx(I);
      ok = false;
    }
    if (ok && conv) {
      Buf r = {0};
      ok = conv == 's' ? dwFm_str_value(I, &r, v) : dwFm_repr_value(I, &r, v);
      if (ok && conv == 'a') {
        Buf q = {0};
        dwL_ascii_of(&q, r.p ? r.p : "", r.len);
        dwB_free(&r);
        r = q;
      }
      Str *rs = ok ? dwV_str(&I->c, r.p ? r.p : "", r.len) : NULL;
      dwB_free(&r);
      if (rs) {
        ok = dwFm_format(I, b, VSTR(rs), sp);
        dwV_decref_o(&I->c, &rs->h);
      } else if (ok) {
        ok = false;
        dwI_raise_ctx(I);
      }
    } else if (ok) {
      ok = dwFm_format(I, b, v, sp);
    }
    if (sp) dwV_decref_o(&I->c, &sp->h);
    dwV_decref(&I->c, v);
    if (!ok) return false;
    i = j;
  }
  return true;
}

Value dwFm_str_format(Interp *I, Str *fmt, Args *a) {
  Buf b = {0};
  FmtState st = {a, 0, 0};
  if (!format_into(I, &b, fmt->s, fmt->len, &st, 0)) {
    dwB_free(&b);
    return dwV_null();
  }
  Str *r = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return r ? VSTR(r) : dwI_raise_ctx(I);
}
