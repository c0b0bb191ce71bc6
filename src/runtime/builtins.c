/* builtins.c - Python's builtin functions, the methods of str, list, dict
 * and tuple, formatting (str.format, %, f-string specs), and the module
 * registry. The torch side lives in torchlib.c. */
#include "interp.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#define M_E 2.7182818284590452354
#endif

#define OBJ(v) ((v).u.o)
#define STR(v) ((Str *)(v).u.o)
#define VSTR(s) ((Value){V_STR, {.o = &(s)->h}})

/* ------------------------------------------------------------------ */
/* Argument binding                                                    */
/* ------------------------------------------------------------------ */

/* Binds a call's arguments to parameter names: `self` (a bound receiver,
 * or V_NULL) comes first. names: comma-separated ("input,dim,keepdim").
 * out[k]: borrowed value or V_NULL. */
bool dwL_bind(Interp *I, const char *fname, Value self, Args *a,
              const char *names, Value *out, int nout) {
  const char *nm[16];
  size_t nl[16];
  int n = 0;
  for (const char *p = names; *p && n < 16;) {
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    nm[n] = p;
    nl[n] = len;
    n++;
    p += len + (e ? 1 : 0);
  }
  if (n > nout) n = nout;
  for (int k = 0; k < nout; k++) out[k] = dwV_null();
  int given = (self.t != V_NULL ? 1 : 0) + a->n;
  if (given > n) {
    dwI_raise(I, EXC_TypeError, "%s() takes at most %d argument%s (%d given)",
              fname, n - (self.t != V_NULL), n - (self.t != V_NULL) == 1 ? "" : "s",
              a->n);
    return false;
  }
  int k = 0;
  if (self.t != V_NULL) out[k++] = self;
  for (int j = 0; j < a->n; j++) out[k++] = a->v[j];
  for (int j = 0; j < a->nkw; j++) {
    const char *key = a->kw[j].name->s;
    size_t kl = strlen(key);
    int m;
    for (m = 0; m < n; m++)
      if (nl[m] == kl && !memcmp(nm[m], key, kl)) break;
    if (m == n) {
      dwI_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'",
                fname, key);
      return false;
    }
    if (out[m].t != V_NULL) {
      dwI_raise(I, EXC_TypeError, "%s() got multiple values for argument '%s'",
                fname, key);
      return false;
    }
    out[m] = a->kw[j].v;
  }
  return true;
}

bool dwL_int(Interp *I, Value v, const char *what, int64_t *out) {
  if (v.t == V_INT || v.t == V_BOOL) {
    *out = v.u.i;
    return true;
  }
  if (v.t == V_TENSOR) {
    Tensor *t = (Tensor *)OBJ(v);
    if (t->st && t->ndim == 0 && t->dtype != DT_F32) {
      *out = dwT_get_int(t, 0);
      return true;
    }
  }
  dwI_raise(I, EXC_TypeError, "%s must be an integer, not %s", what,
            dwV_type_name(v));
  return false;
}

bool dwL_float(Interp *I, Value v, const char *what, double *out) {
  if (v.t == V_INT || v.t == V_BOOL) {
    *out = (double)v.u.i;
    return true;
  }
  if (v.t == V_FLOAT) {
    *out = v.u.f;
    return true;
  }
  if (v.t == V_TENSOR) {
    Tensor *t = (Tensor *)OBJ(v);
    if (t->st && dwT_numel(t) == 1) {
      *out = dwT_get(t, 0);
      return true;
    }
  }
  dwI_raise(I, EXC_TypeError, "%s must be a number, not %s", what,
            dwV_type_name(v));
  return false;
}

/* ------------------------------------------------------------------ */
/* str(), repr(), format()                                             */
/* ------------------------------------------------------------------ */

static Value user_method(Interp *I, Value v, const char *name) {
  if (v.t != V_INST && v.t != V_EXC) return dwV_null();
  Class *c = v.t == V_INST ? ((Inst *)OBJ(v))->cls : ((Exc *)OBJ(v))->cls;
  if (!c) return dwV_null();
  return dwI_class_lookup(c, dwI_intern(I, name));
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
  if (I->nreprs >= I->max_depth || !dwI_stack_ok(I)) {
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
    if (!dwL_repr_value(I, b, items[k])) return false;
  }
  return true;
}

bool dwL_repr_value(Interp *I, Buf *b, Value v) {
  if (!fake_check(I, v)) return false;
  Value m = user_method(I, v, "__repr__");
  if (m.t != V_NULL) {
    if (!dwI_stack_ok(I)) return false;
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
      ok = dwL_repr_value(I, b, x);
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
      ok = dwL_repr_value(I, b, key);
      if (ok) {
        dwB_puts(b, ": ");
        ok = dwL_repr_value(I, b, val);
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
    List *items = dwL_set_order(I, s);
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
    List *items = dwI_to_list(I, v);
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
    ok = dwL_repr_value(I, b, bm->self);
    dwB_putc(b, '>');
    return ok;
  }
  default:
    break;
  }
  dwV_repr(b, v);
  return true;
}

bool dwL_str_value(Interp *I, Buf *b, Value v) {
  if (!fake_check(I, v)) return false;
  Value m = user_method(I, v, "__str__");
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
  return dwL_repr_value(I, b, v);
}

typedef struct Spec {
  char fill[5];  /* one character, UTF-8 */
  char align, sign, type;
  bool alt, zero, grouping_comma, grouping_under, fill_set;
  int64_t width, prec;
} Spec;

static void utf8_put(Buf *b, uint32_t c) {
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
static size_t utf8_w(const char *p, size_t n) {
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
  size_t w = n ? utf8_w(s, n) : 0;
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



#define DW_MAX_PAD ((int64_t)1 << 28)

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
static void int_digits(Buf *body, int64_t x, int base, bool upper) {
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
      utf8_put(&body, (uint32_t)x);
      sign = "";
    } else {
      int base = t == 'x' || t == 'X' ? 16 : t == 'o' ? 8 : t == 'b' ? 2 : 10;
      Buf digits = {0};
      int_digits(&digits, x, base, t == 'X');
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

bool dwL_format(Interp *I, Buf *b, Value v, Str *spec) {
  if (v.t == V_TENSOR) {
    Tensor *t = (Tensor *)OBJ(v);
    if (!fake_check(I, v)) return false;
    if (spec && spec->len && dwT_numel(t) == 1) {
      Value item = t->dtype == DT_F32 ? dwV_float(dwT_get(t, 0))
                   : t->dtype == DT_BOOL ? dwV_bool(dwT_get(t, 0) != 0)
                                         : dwV_int(dwT_get_int(t, 0));
      return dwL_format(I, b, item, spec);
    }
  }
  if (v.t == V_INST || v.t == V_EXC) {
    Value m = user_method(I, v, "__format__");
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
  if (!spec || spec->len == 0) return dwL_str_value(I, b, v);
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
  if (!dwL_str_value(I, &s, v)) {
    dwB_free(&s);
    return false;
  }
  size_t len = s.len;
  if (sp.prec >= 0) {
    /* the first prec code points */
    size_t i = 0;
    int64_t k = 0;
    while (i < s.len && k < sp.prec) {
      i += utf8_w(s.p + i, s.len - i);
      k++;
    }
    len = i;
  }
  bool ok = pad(I, b, &sp, "", s.p ? s.p : "", len, false);
  dwB_free(&s);
  return ok;
}

/* ---- printf-style formatting: "..." % args ---- */

Value dwL_str_percent(Interp *I, Str *fmt, Value args) {
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
      v = dwI_getitem(I, args, VSTR(key));
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
      ok = conv == 's' ? dwL_str_value(I, &body, v) : dwL_repr_value(I, &body, v);
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
          k += utf8_w(body.p + k, body.len - k);
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
        utf8_put(&body, (uint32_t)v.u.i);
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
      } else if (v.t == V_INST && dwI_index(I, v, &x)) {
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
      int_digits(&digits, x, base, conv == 'X');
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
        Value m = user_method(I, v, "__float__");
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
      nv = dwI_getattr(I, v, dwI_intern(I, name));
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
      nv = dwI_getitem(I, v, key);
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
      ok = conv == 's' ? dwL_str_value(I, &r, v) : dwL_repr_value(I, &r, v);
      if (ok && conv == 'a') {
        Buf q = {0};
        dwL_ascii_of(&q, r.p ? r.p : "", r.len);
        dwB_free(&r);
        r = q;
      }
      Str *rs = ok ? dwV_str(&I->c, r.p ? r.p : "", r.len) : NULL;
      dwB_free(&r);
      if (rs) {
        ok = dwL_format(I, b, VSTR(rs), sp);
        dwV_decref_o(&I->c, &rs->h);
      } else if (ok) {
        ok = false;
        dwI_raise_ctx(I);
      }
    } else if (ok) {
      ok = dwL_format(I, b, v, sp);
    }
    if (sp) dwV_decref_o(&I->c, &sp->h);
    dwV_decref(&I->c, v);
    if (!ok) return false;
    i = j;
  }
  return true;
}

static Value str_format(Interp *I, Str *fmt, Args *a) {
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


/* ------------------------------------------------------------------ */
/* Builtin functions                                                   */
/* ------------------------------------------------------------------ */

#define BI(name) static Value name(Interp *I, const BuiltinDef *def, Value self, Args *a)
#define NOKW(fname)                                                           \
  do {                                                                       \
    if (a->nkw) return dwI_raise(I, EXC_TypeError, "%s() takes no keyword arguments", fname); \
  } while (0)
#define NARGS(fname, lo, hi)                                                  \
  do {                                                                       \
    if (a->n < (lo) || a->n > (hi)) {                                        \
      if ((lo) == 1 && (hi) == 1)                                            \
        return dwI_raise(I, EXC_TypeError, "%s() takes exactly one argument (%d given)", \
                         fname, a->n);                                        \
      if ((lo) == (hi))                                                      \
        return dwI_raise(I, EXC_TypeError, "%s() takes exactly %d arguments (%d given)", \
                         fname, lo, a->n);                                    \
      return dwI_raise(I, EXC_TypeError, "%s expected at most %d arguments, got %d", \
                       fname, hi, a->n);                                      \
    }                                                                        \
  } while (0)

static Value new_str(Interp *I, Buf *b) {
  Str *s = dwV_str(&I->c, b->p ? b->p : "", b->len);
  dwB_free(b);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

BI(b_print) {
  Str *sep = NULL, *end = NULL;
  for (int k = 0; k < a->nkw; k++) {
    const char *n = a->kw[k].name->s;
    Value v = a->kw[k].v;
    if (!strcmp(n, "sep") || !strcmp(n, "end")) {
      if (v.t != V_STR && v.t != V_NONE)
        return dwI_raise(I, EXC_TypeError, "%s must be None or a string, not %s", n,
                         dwV_type_name(v));
      if (v.t == V_STR) *(n[0] == 's' ? &sep : &end) = STR(v);
    } else if (strcmp(n, "flush") && strcmp(n, "file")) {
      return dwI_raise(I, EXC_TypeError, "'%s' is an invalid keyword argument for print()", n);
    }
  }
  Buf line = {0};
  for (int k = 0; k < a->n; k++) {
    if (k) {
      if (sep) dwB_putn(&line, sep->s, sep->len);
      else dwB_putc(&line, ' ');
    }
    if (!dwL_str_value(I, &line, a->v[k])) {
      dwB_free(&line);
      return dwV_null();
    }
  }
  if (end) dwB_putn(&line, end->s, end->len);
  else dwB_putc(&line, '\n');
  bool to_err = false;
  for (int k = 0; k < a->nkw; k++)
    if (!strcmp(a->kw[k].name->s, "file") && a->kw[k].v.t == V_OPAQUE &&
        ((Opaque *)OBJ(a->kw[k].v))->kind == 4)
      to_err = true;
  dwB_putn(to_err ? &I->err : &I->out, line.p ? line.p : "", line.len);
  dwB_free(&line);
  if (I->out.len > ((size_t)64 << 20))
    return dwI_raise(I, EXC_MemoryError, "the program printed more than 64 MiB");
  return dwV_none();
}

int64_t dwL_len(Interp *I, Value v) {
  switch (v.t) {
  case V_STR: return dwV_str_cplen(STR(v));
  case V_LIST: return ((List *)OBJ(v))->len;
  case V_TUPLE: return ((Tuple *)OBJ(v))->len;
  case V_DICT: return ((Dict *)OBJ(v))->len;
  case V_RANGE: {
    Range *r = (Range *)OBJ(v);
    uint64_t n;
    if (r->step > 0)
      n = r->start < r->stop ? ((uint64_t)r->stop - (uint64_t)r->start - 1) / (uint64_t)r->step + 1 : 0;
    else
      n = r->start > r->stop ? ((uint64_t)r->start - (uint64_t)r->stop - 1) /
                                       ((uint64_t)0 - (uint64_t)r->step) + 1
                             : 0;
    if (n > (uint64_t)INT64_MAX) {
      dwI_raise(I, EXC_OverflowError, "Python int too large to convert to C ssize_t");
      return -1;
    }
    return (int64_t)n;
  }
  case V_SET: return ((Set *)OBJ(v))->d->len;
  case V_DICTVIEW: return ((DictView *)OBJ(v))->d->len;
  case V_TENSOR: {
    Tensor *t = (Tensor *)OBJ(v);
    if (t->ndim == 0) {
      dwI_raise(I, EXC_TypeError, "len() of a 0-d tensor");
      return -1;
    }
    return t->shape[0];
  }
  case V_INST: {
    Value m = dwI_getattr(I, v, dwI_intern(I, "__len__"));
    if (m.t == V_NULL) {
      if (I->brk.pending) return -1;
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      break;
    }
    Value r = dwI_call0(I, m, 0, NULL);
    dwV_decref(&I->c, m);
    if (r.t == V_NULL) return -1;
    int64_t n;
    bool ok = dwI_index(I, r, &n);
    if (!ok && I->exc.t == V_NULL)
      dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                dwV_type_name(r));
    dwV_decref(&I->c, r);
    if (!ok) return -1;
    if (n < 0) {
      dwI_raise(I, EXC_ValueError, "__len__() should return >= 0");
      return -1;
    }
    return n;
  }
  default:
    break;
  }
  dwI_raise(I, EXC_TypeError, "object of type '%s' has no len()", dwV_type_name(v));
  return -1;
}

BI(b_len) {
  NOKW("len");
  NARGS("len", 1, 1);
  int64_t n = dwL_len(I, a->v[0]);
  return n < 0 ? dwV_null() : dwV_int(n);
}

BI(b_range) {
  NOKW("range");
  if (a->n < 1)
    return dwI_raise(I, EXC_TypeError, "range expected at least 1 argument, got %d", a->n);
  if (a->n > 3)
    return dwI_raise(I, EXC_TypeError, "range expected at most 3 arguments, got %d", a->n);
  int64_t v[3] = {0, 0, 1}, x[3] = {0, 0, 0};
  for (int k = 0; k < a->n; k++)
    if (!dwI_index(I, a->v[k], &x[k])) {
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                       dwV_type_name(a->v[k]));
    }
  if (a->n == 1) v[1] = x[0];
  else {
    v[0] = x[0];
    v[1] = x[1];
    if (a->n == 3) v[2] = x[2];
  }
  if (v[2] == 0) return dwI_raise(I, EXC_ValueError, "range() arg 3 must not be zero");
  Range *r = (Range *)dwV_alloc(&I->c, V_RANGE, sizeof(Range));
  if (!r) return dwI_raise_ctx(I);
  r->start = v[0];
  r->stop = v[1];
  r->step = v[2];
  return dwV_obj(&r->h);
}

static Iter *iter_obj(Interp *I, int kind, Value src) {
  Iter *it = (Iter *)dwV_alloc(&I->c, V_ITER, sizeof(Iter));
  if (!it) return NULL;
  it->kind = (uint8_t)kind;
  it->src = src;
  return it;
}

BI(b_enumerate) {
  Value o[2];
  if (!dwL_bind(I, "enumerate", dwV_null(), a, "iterable,start", o, 2)) return dwV_null();
  if (o[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "enumerate() missing required argument 'iterable'");
  int64_t start = 0;
  if (o[1].t != V_NULL && !dwL_int(I, o[1], "start", &start)) return dwV_null();
  Value inner = dwI_iter(I, o[0]);
  if (inner.t == V_NULL) return inner;
  Iter *it = iter_obj(I, IT_ENUMERATE, inner);
  if (!it) {
    dwV_decref(&I->c, inner);
    return dwI_raise_ctx(I);
  }
  it->i = start;
  return dwV_obj(&it->h);
}

BI(b_zip) {
  for (int k = 0; k < a->nkw; k++)
    if (strcmp(a->kw[k].name->s, "strict"))
      return dwI_raise(I, EXC_TypeError, "zip() got an unexpected keyword argument '%s'",
                       a->kw[k].name->s);
  Iter *it = iter_obj(I, IT_ZIP, dwV_none());
  if (!it) return dwI_raise_ctx(I);
  it->inner = calloc((size_t)a->n + 1, sizeof(Value));
  Value r = dwV_obj(&it->h);
  if (!it->inner) {
    dwV_decref(&I->c, r);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  for (int k = 0; k < a->n; k++) {
    Value x = dwI_iter(I, a->v[k]);
    if (x.t == V_NULL) {
      dwV_decref(&I->c, r);
      return x;
    }
    it->inner[it->ninner++] = x;
  }
  return r;
}

BI(b_map) {
  NOKW("map");
  if (a->n < 2) return dwI_raise(I, EXC_TypeError, "map() must have at least two arguments.");
  Iter *it = iter_obj(I, IT_MAP, a->v[0]);
  if (!it) return dwI_raise_ctx(I);
  dwV_incref(a->v[0]);
  Value r = dwV_obj(&it->h);
  it->inner = calloc((size_t)a->n, sizeof(Value));
  if (!it->inner) {
    dwV_decref(&I->c, r);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  for (int k = 1; k < a->n; k++) {
    Value inner = dwI_iter(I, a->v[k]);
    if (inner.t == V_NULL) {
      dwV_decref(&I->c, r);
      return inner;
    }
    it->inner[it->ninner++] = inner;
  }
  return r;
}

typedef struct FilterUD {
  Value fn;
  List *out;
} FilterUD;

static bool filter_cb(Interp *I, Value v, void *ud) {
  FilterUD *f = ud;
  bool keep;
  if (f->fn.t == V_NONE) {
    if (!dwI_truth(I, v, &keep)) return false;
  } else {
    Value r = dwI_call0(I, f->fn, 1, &v);
    if (r.t == V_NULL) return false;
    bool ok = dwI_truth(I, r, &keep);
    dwV_decref(&I->c, r);
    if (!ok) return false;
  }
  if (keep && !dwV_list_append(&I->c, f->out, v)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

BI(b_filter) {
  if (a->n != 2) return dwI_raise(I, EXC_TypeError, "filter expected 2 arguments, got %d", a->n);
  FilterUD ud = {a->v[0], dwV_list(&I->c, 0)};
  if (!ud.out) return dwI_raise_ctx(I);
  if (!dwI_foreach(I, a->v[1], filter_cb, &ud)) {
    dwV_decref_o(&I->c, &ud.out->h);
    return dwV_null();
  }
  Value l = dwV_obj(&ud.out->h);
  Value it = dwI_iter(I, l);
  dwV_decref(&I->c, l);
  return it;
}

/* ---- min / max / sorted ---- */

static bool less(Interp *I, Value a, Value b, bool *out) {
  Value r = dwI_compare(I, CMP_LT, a, b);
  if (r.t == V_NULL) return false;
  bool ok = dwI_truth(I, r, out);
  dwV_decref(&I->c, r);
  return ok;
}

static Value keyed(Interp *I, Value key, Value v) {
  if (key.t == V_NULL || key.t == V_NONE) {
    dwV_incref(v);
    return v;
  }
  return dwI_call0(I, key, 1, &v);
}

static Value minmax(Interp *I, Args *a, bool is_max) {
  const char *name = is_max ? "max" : "min";
  Value key = dwV_null(), dflt = dwV_null();
  for (int k = 0; k < a->nkw; k++) {
    if (!strcmp(a->kw[k].name->s, "key")) key = a->kw[k].v;
    else if (!strcmp(a->kw[k].name->s, "default")) dflt = a->kw[k].v;
    else return dwI_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'",
                          name, a->kw[k].name->s);
  }
  if (a->n == 0) return dwI_raise(I, EXC_TypeError, "%s expected at least 1 argument, got 0", name);
  List *items;
  if (a->n == 1) {
    items = dwI_to_list(I, a->v[0]);
    if (!items) return dwV_null();
  } else {
    items = dwV_list(&I->c, 0);
    if (!items) return dwI_raise_ctx(I);
    for (int k = 0; k < a->n; k++) dwV_list_append(&I->c, items, a->v[k]);
  }
  if (items->len == 0) {
    dwV_decref_o(&I->c, &items->h);
    if (dflt.t != V_NULL) {
      dwV_incref(dflt);
      return dflt;
    }
    return dwI_raise(I, EXC_ValueError, "%s() arg is an empty sequence", name);
  }
  Value best = items->items[0], bestk = keyed(I, key, best);
  if (bestk.t == V_NULL) {
    dwV_decref_o(&I->c, &items->h);
    return bestk;
  }
  for (int64_t k = 1; k < items->len; k++) {
    Value kv = keyed(I, key, items->items[k]);
    if (kv.t == V_NULL) {
      dwV_decref(&I->c, bestk);
      dwV_decref_o(&I->c, &items->h);
      return kv;
    }
    bool lt;
    bool ok = is_max ? less(I, bestk, kv, &lt) : less(I, kv, bestk, &lt);
    if (!ok) {
      dwV_decref(&I->c, kv);
      dwV_decref(&I->c, bestk);
      dwV_decref_o(&I->c, &items->h);
      return dwV_null();
    }
    if (lt) {
      dwV_decref(&I->c, bestk);
      bestk = kv;
      best = items->items[k];
    } else {
      dwV_decref(&I->c, kv);
    }
  }
  dwV_decref(&I->c, bestk);
  dwV_incref(best);
  dwV_decref_o(&I->c, &items->h);
  return best;
}

BI(b_max) { return minmax(I, a, true); }
BI(b_min) { return minmax(I, a, false); }

/* stable merge sort of values by keys; false with an error pending */
static bool msort(Interp *I, Value *v, Value *k, Value *tv, Value *tk, int64_t n,
                  bool reverse) {
  if (n < 2) return true;
  int64_t m = n / 2;
  if (!msort(I, v, k, tv, tk, m, reverse) ||
      !msort(I, v + m, k + m, tv, tk, n - m, reverse))
    return false;
  int64_t i = 0, j = m, o = 0;
  while (i < m && j < n) {
    bool lt;
    if (!(reverse ? less(I, k[i], k[j], &lt) : less(I, k[j], k[i], &lt))) return false;
    if (lt) {
      tv[o] = v[j];
      tk[o++] = k[j++];
    } else {
      tv[o] = v[i];
      tk[o++] = k[i++];
    }
  }
  while (i < m) {
    tv[o] = v[i];
    tk[o++] = k[i++];
  }
  while (j < n) {
    tv[o] = v[j];
    tk[o++] = k[j++];
  }
  memcpy(v, tv, sizeof(Value) * (size_t)n);
  memcpy(k, tk, sizeof(Value) * (size_t)n);
  return true;
}

bool dwL_sort_list(Interp *I, List *l, Value key, bool reverse) {
  int64_t n = l->len;
  Value *keys = calloc((size_t)n + 1, sizeof(Value));
  Value *tv = calloc((size_t)n + 1, sizeof(Value));
  Value *tk = calloc((size_t)n + 1, sizeof(Value));
  bool ok = keys && tv && tk;
  int64_t made = 0;
  for (; ok && made < n; made++) {
    keys[made] = keyed(I, key, l->items[made]);
    if (keys[made].t == V_NULL) ok = false;
  }
  if (ok) ok = msort(I, l->items, keys, tv, tk, n, reverse);
  for (int64_t k = 0; k < made; k++) dwV_decref(&I->c, keys[k]);
  free(keys);
  free(tv);
  free(tk);
  if (!keys || !tv || !tk) dwI_raise(I, EXC_MemoryError, "out of memory");
  return ok;
}

BI(b_sorted) {
  Value o[3];
  if (!dwL_bind(I, "sorted", dwV_null(), a, "iterable,key,reverse", o, 3)) return dwV_null();
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "sorted expected 1 argument, got %d", a->n);
  List *l = dwI_to_list(I, o[0]);
  if (!l) return dwV_null();
  bool rev = false;
  if (o[2].t != V_NULL && !dwI_truth(I, o[2], &rev)) return dwV_null();
  if (!dwL_sort_list(I, l, o[1], rev)) {
    dwV_decref_o(&I->c, &l->h);
    return dwV_null();
  }
  return dwV_obj(&l->h);
}

BI(b_reversed) {
  NOKW("reversed");
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "reversed expected 1 argument, got %d", a->n);
  Value v = a->v[0];
  if (v.t == V_RANGE) return dwI_iter_range_reversed(I, (Range *)OBJ(v));
  List *l = NULL;
  if (v.t == V_STR || v.t == V_DICT || v.t == V_DICTVIEW) {
    l = dwI_to_list(I, v);
    if (!l) return dwV_null();
  } else if (v.t == V_INST) {
    Value m = user_method(I, v, "__reversed__");
    if (m.t != V_NULL) {
      Value r = dwI_call0(I, m, 1, &v);
      if (r.t == V_NULL) return r;
      Value it = dwI_iter(I, r);
      dwV_decref(&I->c, r);
      return it;
    }
    Value gi = user_method(I, v, "__getitem__");
    if (gi.t == V_NULL || user_method(I, v, "__len__").t == V_NULL)
      return dwI_raise(I, EXC_TypeError, "'%s' object is not reversible", dwV_type_name(v));
    int64_t n = dwL_len(I, v);
    if (n < 0) return dwV_null();
    l = dwV_list(&I->c, 0);
    if (!l) return dwI_raise_ctx(I);
    for (int64_t k = 0; k < n; k++) {
      Value args[2] = {v, dwV_int(k)};
      Value x = dwI_call0(I, gi, 2, args);
      if (x.t == V_NULL) {
        dwV_decref_o(&I->c, &l->h);
        return x;
      }
      dwV_list_append(&I->c, l, x);
      dwV_decref(&I->c, x);
    }
  } else if (v.t != V_LIST && v.t != V_TUPLE) {
    return dwI_raise(I, EXC_TypeError, "'%s' object is not reversible", dwV_type_name(v));
  }
  Value src = l ? dwV_obj(&l->h) : v;
  if (!l) dwV_incref(src);
  Iter *it = iter_obj(I, IT_REVERSED, src);
  if (!it) {
    dwV_decref(&I->c, src);
    return dwI_raise_ctx(I);
  }
  it->i = (src.t == V_LIST ? ((List *)OBJ(src))->len : ((Tuple *)OBJ(src))->len) - 1;
  return dwV_obj(&it->h);
}

typedef struct AnyUD {
  bool want, found;
} AnyUD;

static bool any_cb(Interp *I, Value v, void *ud) {
  AnyUD *u = ud;
  bool t;
  if (!dwI_truth(I, v, &t)) return false;
  if (t == u->want) {
    u->found = true;
    I->stop_iter = true;
    return false;
  }
  return true;
}

static Value anyall(Interp *I, Args *a, bool want) {
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "expected 1 argument, got %d", a->n);
  AnyUD u = {want, false};
  I->stop_iter = false;
  bool ok = dwI_foreach(I, a->v[0], any_cb, &u);
  if (!ok && !I->stop_iter) return dwV_null();
  I->stop_iter = false;
  return dwV_bool(want ? u.found : !u.found);
}

BI(b_any) { return anyall(I, a, true); }
BI(b_all) { return anyall(I, a, false); }

/* acc = acc <op> v over an iterable: sum() and math.prod(). Takes the
 * reference to start; returns the result or V_NULL (exception set). */
typedef struct FoldUD {
  Value acc;
  int op; /* BIN_ADD / BIN_MUL */
} FoldUD;

static bool fold_cb(Interp *I, Value v, void *ud) {
  FoldUD *s = ud;
  Value r = dwI_binop(I, s->op, s->acc, v);
  if (r.t == V_NULL) return false;
  dwV_decref(&I->c, s->acc);
  s->acc = r;
  return true;
}

static Value fold(Interp *I, Value iterable, int op, Value start) {
  FoldUD s = {start, op};
  if (!dwI_foreach(I, iterable, fold_cb, &s)) {
    dwV_decref(&I->c, s.acc);
    return dwV_null();
  }
  return s.acc;
}

BI(b_sum) {
  Value o[2];
  if (!dwL_bind(I, "sum", dwV_null(), a, "iterable,start", o, 2)) return dwV_null();
  if (o[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "sum() takes at least 1 positional argument (0 given)");
  Value start = o[1].t != V_NULL ? o[1] : dwV_int(0);
  if (start.t == V_STR)
    return dwI_raise(I, EXC_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
  dwV_incref(start);
  return fold(I, o[0], BIN_ADD, start);
}

/* Calls a dunder of a user object with n extra arguments; V_NULL with no
 * exception when the class does not define it. */
static Value call_dunder(Interp *I, Value v, const char *name, int n, Value *args, bool *found) {
  Value m = user_method(I, v, name);
  *found = m.t != V_NULL && m.t != V_NONE;
  if (!*found) return dwV_null();
  Value av[3] = {v, n > 0 ? args[0] : dwV_null(), n > 1 ? args[1] : dwV_null()};
  return dwI_call0(I, m, n + 1, av);
}

BI(b_abs) {
  NOKW("abs");
  NARGS("abs", 1, 1);
  Value v = a->v[0];
  if (v.t == V_INT || v.t == V_BOOL) {
    if (v.u.i == INT64_MIN) return dwI_raise(I, EXC_OverflowError, "integer overflow");
    return dwV_int(v.u.i < 0 ? -v.u.i : v.u.i);
  }
  if (v.t == V_FLOAT) return dwV_float(fabs(v.u.f));
  if (v.t == V_TENSOR) return dwL_tensor_unary(I, 100 /* abs */, v);
  bool found;
  Value r = call_dunder(I, v, "__abs__", 0, NULL, &found);
  if (found) return r;
  return dwI_raise(I, EXC_TypeError, "bad operand type for abs(): '%s'", dwV_type_name(v));
}

/* round(x, nd) of an int for nd < 0: round half to even at 10**-nd */
static Value round_int(Interp *I, int64_t x, int64_t nd) {
  if (nd >= 0) return dwV_int(x);
  if (nd < -19) return dwV_int(0);
  if (nd == -19) {
    /* 10**19 > |x|: 0 unless |x| > 5 * 10**18 */
    uint64_t ax = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    if (ax > 5000000000000000000ull)
      return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
    return dwV_int(0);
  }
  int64_t p = 1;
  for (int64_t k = 0; k < -nd; k++) p *= 10;
  int64_t q = x / p, r = x % p;
  if (r < 0) {
    r += p;
    q -= 1;
  }
  if (2 * r > p || (2 * r == p && (q & 1))) q += 1;
  int64_t out;
  if (__builtin_mul_overflow(q, p, &out))
    return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
  return dwV_int(out);
}

BI(b_round) {
  Value o[2];
  if (!dwL_bind(I, "round", dwV_null(), a, "number,ndigits", o, 2)) return dwV_null();
  Value v = o[0];
  if (v.t == V_NULL)
    return dwI_raise(I, EXC_TypeError, "round() missing required argument 'number' (pos 1)");
  if (v.t == V_TENSOR) {
    Value x = v;
    return dwL_tensor_round(I, x, o[1]);
  }
  bool nd_given = o[1].t != V_NULL && o[1].t != V_NONE;
  int64_t nd = 0;
  if (nd_given && !dwI_index(I, o[1], &nd)) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                     dwV_type_name(o[1]));
  }
  if (v.t == V_INT || v.t == V_BOOL) return nd_given ? round_int(I, v.u.i, nd) : dwV_int(v.u.i);
  if (v.t != V_FLOAT) {
    bool found;
    Value r = call_dunder(I, v, "__round__", nd_given ? 1 : 0, &o[1], &found);
    if (found) return r;
    return dwI_raise(I, EXC_TypeError, "type %s doesn't define __round__ method", dwV_type_name(v));
  }
  double x = v.u.f;
  if (!nd_given) {
    if (isnan(x)) return dwI_raise(I, EXC_ValueError, "cannot convert float NaN to integer");
    if (isinf(x)) return dwI_raise(I, EXC_OverflowError, "cannot convert float infinity to integer");
    double r = nearbyint(x); /* round half to even (default FE_TONEAREST) */
    if (fabs(r) >= 9.2e18) return dwI_raise(I, EXC_OverflowError, "integer overflow");
    return dwV_int((int64_t)r);
  }
  if (!isfinite(x)) return dwV_float(x);
  if (nd > 300) return dwV_float(x);
  if (nd < -300) return dwV_float(0.0 * x);
  if (nd >= 0) {
    Buf buf = {0};
    dwB_printf(&buf, "%.*f", (int)nd, x);
    double r = strtod(buf.p ? buf.p : "0", NULL);
    dwB_free(&buf);
    return dwV_float(r);
  }
  /* CPython: correctly rounded via the decimal string of x / 10**-nd */
  double p = pow(10.0, (double)-nd);
  double y = x / p;
  double z = nearbyint(y);
  if (fabs(y - z) == 0.5) z = 2.0 * nearbyint(y / 2.0);
  double r = z * p;
  if (isinf(r)) return dwI_raise(I, EXC_OverflowError, "rounded value too large to represent");
  return dwV_float(r);
}

static uint32_t cp_decode(const char *s, size_t n, size_t i, size_t *w);
static bool cp_isspace(uint32_t c);

/* Unicode decimal digits (category Nd, common scripts) as ASCII; other
 * characters are copied. Whitespace other than ASCII is a space. */
static void ascii_digits(Buf *out, const char *s, size_t n) {
  static const uint32_t zeros[] = {0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66,
                                   0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20,
                                   0x1040, 0x1090, 0x17e0, 0x1810, 0xff10};
  for (size_t i = 0, w; i < n; i += w) {
    uint32_t c = cp_decode(s, n, i, &w);
    bool done = false;
    for (size_t k = 0; k < sizeof zeros / sizeof *zeros && !done; k++)
      if (c >= zeros[k] && c <= zeros[k] + 9) {
        dwB_putc(out, (char)('0' + (c - zeros[k])));
        done = true;
      }
    if (!done && c >= 0x80 && cp_isspace(c)) {
      dwB_putc(out, ' ');
      done = true;
    }
    if (!done) dwB_putn(out, s + i, w);
  }
}

static bool parse_int_str(Interp *I, Str *s, int base0, int64_t *out) {
  Buf text = {0};
  ascii_digits(&text, s->s, s->len);
  const char *p = text.p ? text.p : "", *e = p + text.len;
  int base = base0;
  while (p < e && isspace((unsigned char)*p)) p++;
  while (e > p && isspace((unsigned char)e[-1])) e--;
  bool neg = false, prefixed = false;
  if (p < e && (*p == '+' || *p == '-')) neg = *p++ == '-';
  if (e - p >= 2 && p[0] == '0') {
    char c = (char)tolower((unsigned char)p[1]);
    int pb = c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
    if (pb && (base == 0 || base == pb)) {
      base = pb;
      p += 2;
      prefixed = true;
    }
  }
  if (base == 0) {
    /* base 0: a decimal literal may not start with 0 (unless all zeros) */
    base = 10;
    if (p < e && *p == '0')
      for (const char *q = p; q < e; q++)
        if (*q != '0' && *q != '_') goto bad;
  }
  uint64_t v = 0;
  bool any = false, prev_us = !prefixed;
  for (; p < e; p++) {
    if (*p == '_' && !prev_us) {
      prev_us = true;
      continue;
    }
    int d = isdigit((unsigned char)*p) ? *p - '0'
            : isalpha((unsigned char)*p) ? tolower((unsigned char)*p) - 'a' + 10
                                          : 99;
    if (d >= base) goto bad;
    if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) {
      dwB_free(&text);
      dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
      return false;
    }
    v = v * (uint64_t)base + (uint64_t)d;
    any = true;
    prev_us = false;
  }
  if (!any || (prev_us && any)) goto bad;
  dwB_free(&text);
  if (v > (uint64_t)INT64_MAX + (neg ? 1u : 0u)) {
    dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
    return false;
  }
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return true;
bad:;
  dwB_free(&text);
  Buf r = {0};
  dwV_repr(&r, VSTR(s));
  dwI_raise(I, EXC_ValueError, "invalid literal for int() with base %d: %s", base0,
            r.p ? r.p : "");
  dwB_free(&r);
  return false;
}

static Value scalar_of_tensor(Interp *I, Value v, const char *what) {
  Tensor *t = (Tensor *)OBJ(v);
  if (dwR_tracing(I) &&
      !dwR_break_here(I, BR_DATA_DEPENDENT, "Data-dependent %s() of a traced tensor", what))
    return dwV_null();
  if (!t->st)
    return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
  if (dwT_numel(t) != 1)
    return dwI_raise(I, EXC_RuntimeError,
                     "a Tensor with %lld elements cannot be converted to Scalar",
                     (long long)dwT_numel(t));
  if (t->dtype == DT_F32) return dwV_float(dwT_get(t, 0));
  if (t->dtype == DT_BOOL) return dwV_bool(dwT_get(t, 0) != 0);
  return dwV_int(dwT_get_int(t, 0));
}

BI(b_int) {
  Value o[2];
  if (!dwL_bind(I, "int", dwV_null(), a, "x,base", o, 2)) return dwV_null();
  Value v = o[0];
  if (v.t == V_NULL) return dwV_int(0);
  if (v.t == V_TENSOR) {
    v = scalar_of_tensor(I, v, "int");
    if (v.t == V_NULL) return v;
  }
  if (o[1].t != V_NULL && v.t != V_STR)
    return dwI_raise(I, EXC_TypeError, "int() can't convert non-string with explicit base");
  if (v.t == V_INT || v.t == V_BOOL) return dwV_int(v.u.i);
  if (v.t == V_FLOAT) {
    if (isnan(v.u.f)) return dwI_raise(I, EXC_ValueError, "cannot convert float NaN to integer");
    if (isinf(v.u.f)) return dwI_raise(I, EXC_OverflowError, "cannot convert float infinity to integer");
    if (v.u.f >= 9223372036854775808.0 || v.u.f < -9223372036854775808.0)
      return dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
    return dwV_int((int64_t)v.u.f);
  }
  if (v.t == V_STR) {
    int64_t base = 10, r;
    if (o[1].t != V_NULL && !dwI_index(I, o[1], &base)) {
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                       dwV_type_name(o[1]));
    }
    if (base != 0 && (base < 2 || base > 36))
      return dwI_raise(I, EXC_ValueError, "int() base must be >= 2 and <= 36, or 0");
    if (!parse_int_str(I, STR(v), (int)base, &r)) return dwV_null();
    return dwV_int(r);
  }
  if (v.t == V_INST || v.t == V_EXC) {
    static const char *const names[] = {"__int__", "__index__", "__trunc__"};
    for (int k = 0; k < 3; k++) {
      bool found;
      Value r = call_dunder(I, v, names[k], 0, NULL, &found);
      if (!found) continue;
      if (r.t == V_NULL) return r;
      if (r.t != V_INT && r.t != V_BOOL) {
        dwI_raise(I, EXC_TypeError, "%s returned non-int (type %s)", names[k], dwV_type_name(r));
        dwV_decref(&I->c, r);
        return dwV_null();
      }
      return dwV_int(r.u.i);
    }
  }
  return dwI_raise(I, EXC_TypeError,
                   "int() argument must be a string, a bytes-like object or a real "
                   "number, not '%s'",
                   dwV_type_name(v));
}

BI(b_float) {
  NARGS("float", 0, 1);
  if (a->n == 0) return dwV_float(0);
  Value v = a->v[0];
  if (v.t == V_TENSOR) {
    v = scalar_of_tensor(I, v, "float");
    if (v.t == V_NULL) return v;
  }
  if (v.t == V_INT || v.t == V_BOOL) return dwV_float((double)v.u.i);
  if (v.t == V_FLOAT) return v;
  if (v.t == V_INST || v.t == V_EXC) {
    bool found;
    Value r = call_dunder(I, v, "__float__", 0, NULL, &found);
    if (found) {
      if (r.t == V_NULL || r.t == V_FLOAT) return r;
      dwI_raise(I, EXC_TypeError, "%s.__float__ returned non-float (type %s)",
                dwV_type_name(v), dwV_type_name(r));
      dwV_decref(&I->c, r);
      return dwV_null();
    }
    int64_t x;
    if (dwI_index(I, v, &x)) return dwV_float((double)x);
    if (I->exc.t != V_NULL) return dwV_null();
  }
  if (v.t == V_STR) {
    Str *s = STR(v);
    char buf[128];
    Buf text = {0};
    ascii_digits(&text, s->s, s->len);
    size_t n = text.len < sizeof buf - 1 ? text.len : sizeof buf - 1;
    size_t w = 0;
    bool bad_us = false;
    for (size_t k = 0; k < n; k++) {
      char c = text.p[k];
      if (c == '_') {
        /* only between digits */
        if (!(k > 0 && isdigit((unsigned char)text.p[k - 1]) && k + 1 < n &&
              isdigit((unsigned char)text.p[k + 1])))
          bad_us = true;
        continue;
      }
      if (c == 'x' || c == 'X' || c == 'p' || c == 'P') bad_us = true; /* no hex floats */
      buf[w++] = c;
    }
    buf[w] = 0;
    size_t tlen = text.len;
    dwB_free(&text);
    char *p = buf;
    while (isspace((unsigned char)*p)) p++;
    char *end;
    double d = strtod(p, &end);
    while (isspace((unsigned char)*end)) end++;
    if (end == p || *end || tlen >= sizeof buf - 1 || bad_us) {
      Buf r = {0};
      dwV_repr(&r, v);
      dwI_raise(I, EXC_ValueError, "could not convert string to float: %s", r.p ? r.p : "");
      dwB_free(&r);
      return dwV_null();
    }
    return dwV_float(d);
  }
  return dwI_raise(I, EXC_TypeError, "float() argument must be a string or a real number, not '%s'",
                   dwV_type_name(v));
}

BI(b_bool) {
  NARGS("bool", 0, 1);
  if (a->n == 0) return dwV_bool(false);
  if (a->v[0].t == V_TENSOR && dwR_tracing(I) &&
      !dwR_break_here(I, BR_DATA_DEPENDENT, "Data-dependent bool() of a traced tensor"))
    return dwV_null();
  bool t;
  if (!dwI_truth(I, a->v[0], &t)) return dwV_null();
  return dwV_bool(t);
}

BI(b_str) {
  NARGS("str", 0, 1);
  if (a->n == 0) {
    Str *s = dwV_str(&I->c, "", 0);
    return s ? VSTR(s) : dwI_raise_ctx(I);
  }
  Buf b = {0};
  if (!dwL_str_value(I, &b, a->v[0])) {
    dwB_free(&b);
    return dwV_null();
  }
  return new_str(I, &b);
}

BI(b_repr) {
  NARGS("repr", 1, 1);
  Buf b = {0};
  if (!dwL_repr_value(I, &b, a->v[0])) {
    dwB_free(&b);
    return dwV_null();
  }
  return new_str(I, &b);
}

BI(b_format) {
  NARGS("format", 1, 2);
  Buf b = {0};
  if (a->n == 2 && a->v[1].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "format() argument 2 must be str");
  if (!dwL_format(I, &b, a->v[0], a->n == 2 ? STR(a->v[1]) : NULL)) {
    dwB_free(&b);
    return dwV_null();
  }
  return new_str(I, &b);
}

BI(b_list) {
  NARGS("list", 0, 1);
  if (a->n == 0) {
    List *l = dwV_list(&I->c, 0);
    return l ? dwV_obj(&l->h) : dwI_raise_ctx(I);
  }
  List *l = dwI_to_list(I, a->v[0]);
  return l ? dwV_obj(&l->h) : dwV_null();
}

Value dwL_tuple_of(Interp *I, Value v) {
  List *l = dwI_to_list(I, v);
  return l ? dwL_list_to_tuple(I, l) : dwV_null();
}

Value dwL_list_to_tuple(Interp *I, List *l) {
  Tuple *t = dwV_tuple(&I->c, l->len);
  if (!t) {
    dwV_decref_o(&I->c, &l->h);
    return dwI_raise_ctx(I);
  }
  for (int64_t k = 0; k < l->len; k++) dwV_incref(t->items[k] = l->items[k]);
  dwV_decref_o(&I->c, &l->h);
  return dwV_obj(&t->h);
}

BI(b_tuple) {
  NARGS("tuple", 0, 1);
  if (a->n == 0) {
    Tuple *t = dwV_tuple(&I->c, 0);
    return t ? dwV_obj(&t->h) : dwI_raise_ctx(I);
  }
  if (a->v[0].t == V_TUPLE && OBJ(a->v[0])->flags == TUP_PLAIN) {
    dwV_incref(a->v[0]);
    return a->v[0];
  }
  return dwL_tuple_of(I, a->v[0]);
}

static bool dict_pair_cb(Interp *I, Value v, void *ud) {
  List *l = dwI_to_list(I, v);
  if (!l) return false;
  if (l->len != 2) {
    dwI_raise(I, EXC_ValueError,
              "dictionary update sequence element has length %lld; 2 is required",
              (long long)l->len);
    dwV_decref_o(&I->c, &l->h);
    return false;
  }
  bool ok = dwI_setitem(I, dwV_obj((Obj *)ud), l->items[0], l->items[1]);
  dwV_decref_o(&I->c, &l->h);
  return ok;
}

static bool dict_update(Interp *I, Dict *d, Args *a) {
  Value dv = dwV_obj(&d->h);
  if (a->n > 1) {
    dwI_raise(I, EXC_TypeError, "dict expected at most 1 argument, got %d", a->n);
    return false;
  }
  if (a->n == 1) {
    Value src = a->v[0];
    if (src.t == V_DICT) {
      Dict *s = (Dict *)OBJ(src);
      for (int64_t k = 0; k < s->nent; k++)
        if (s->ent[k].used && !dwI_setitem(I, dv, s->ent[k].key, s->ent[k].val)) return false;
    } else if (!dwI_foreach(I, src, dict_pair_cb, d)) {
      return false;
    }
  }
  for (int k = 0; k < a->nkw; k++)
    if (!dwI_setitem(I, dv, VSTR(a->kw[k].name), a->kw[k].v)) return false;
  return true;
}

BI(b_dict) {
  Dict *d = dwV_dict(&I->c);
  if (!d) return dwI_raise_ctx(I);
  if (!dict_update(I, d, a)) {
    dwV_decref_o(&I->c, &d->h);
    return dwV_null();
  }
  return dwV_obj(&d->h);
}

static bool is_instance(Interp *I, Value v, Value cls, bool *out);

BI(b_isinstance) {
  NOKW("isinstance");
  NARGS("isinstance", 2, 2);
  bool r;
  if (!is_instance(I, a->v[0], a->v[1], &r)) return dwV_null();
  return dwV_bool(r);
}

BI(b_hasattr) {
  NARGS("hasattr", 2, 2);
  if (a->v[1].t != V_STR) return dwI_raise(I, EXC_TypeError, "hasattr(): attribute name must be string");
  Value r = dwI_getattr(I, a->v[0], dwI_intern(I, STR(a->v[1])->s));
  if (r.t == V_NULL) {
    if (I->brk.pending) return r;
    if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_AttributeError) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      return dwV_bool(false);
    }
    return r;
  }
  dwV_decref(&I->c, r);
  return dwV_bool(true);
}

BI(b_getattr) {
  NARGS("getattr", 2, 3);
  if (a->v[1].t != V_STR) return dwI_raise(I, EXC_TypeError, "getattr(): attribute name must be string");
  Value r = dwI_getattr(I, a->v[0], dwI_intern(I, STR(a->v[1])->s));
  if (r.t == V_NULL && a->n == 3 && I->exc.t == V_EXC &&
      ((Exc *)OBJ(I->exc))->type == EXC_AttributeError) {
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    dwV_incref(a->v[2]);
    return a->v[2];
  }
  return r;
}

BI(b_setattr) {
  NARGS("setattr", 3, 3);
  if (a->v[1].t != V_STR) return dwI_raise(I, EXC_TypeError, "setattr(): attribute name must be string");
  if (!dwI_setattr(I, a->v[0], dwI_intern(I, STR(a->v[1])->s), a->v[2])) return dwV_null();
  return dwV_none();
}

BI(b_divmod) {
  NARGS("divmod", 2, 2);
  Value q = dwI_binop(I, BIN_FLOORDIV, a->v[0], a->v[1]);
  if (q.t == V_NULL) return q;
  Value r = dwI_binop(I, BIN_MOD, a->v[0], a->v[1]);
  if (r.t == V_NULL) {
    dwV_decref(&I->c, q);
    return r;
  }
  Tuple *t = dwV_tuple(&I->c, 2);
  if (!t) return dwI_raise_ctx(I);
  t->items[0] = q;
  t->items[1] = r;
  return dwV_obj(&t->h);
}

static uint64_t mulmod(uint64_t x, uint64_t y, uint64_t m) {
  uint64_t r = 0;
  x %= m;
  while (y) {
    if (y & 1) r = r >= m - x ? r - (m - x) : r + x;
    x = x >= m - x ? x - (m - x) : x + x;
    y >>= 1;
  }
  return r;
}

BI(b_pow) {
  Value o[3];
  if (!dwL_bind(I, "pow", dwV_null(), a, "base,exp,mod", o, 3)) return dwV_null();
  if (o[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "pow() missing required argument 'base' (pos 1)");
  if (o[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "pow() missing required argument 'exp' (pos 2)");
  if (o[2].t == V_NULL || o[2].t == V_NONE) return dwI_binop(I, BIN_POW, o[0], o[1]);
  bool ints = true;
  for (int k = 0; k < 3; k++)
    if (o[k].t != V_INT && o[k].t != V_BOOL) ints = false;
  if (!ints)
    return dwI_raise(I, EXC_TypeError,
                     "pow() 3rd argument not allowed unless all arguments are integers");
  int64_t b = o[0].u.i, e = o[1].u.i, m = o[2].u.i;
  if (m == 0) return dwI_raise(I, EXC_ValueError, "pow() 3rd argument cannot be 0");
  uint64_t um = m < 0 ? (uint64_t)0 - (uint64_t)m : (uint64_t)m;
  /* base reduced into [0, |m|) */
  uint64_t ub = b < 0 ? (um - ((uint64_t)0 - (uint64_t)b) % um) % um : (uint64_t)b % um;
  if (e < 0) {
    /* modular inverse (extended Euclid), then a positive exponent */
    int64_t r0 = (int64_t)(um > (uint64_t)INT64_MAX ? 0 : um), r1 = (int64_t)ub, t0 = 0, t1 = 1;
    if (um > (uint64_t)INT64_MAX)
      return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
    while (r1) {
      int64_t q = r0 / r1, tmp = r0 - q * r1;
      r0 = r1;
      r1 = tmp;
      tmp = t0 - q * t1;
      t0 = t1;
      t1 = tmp;
    }
    if (r0 != 1) return dwI_raise(I, EXC_ValueError, "base is not invertible for the given modulus");
    ub = t0 < 0 ? (uint64_t)(t0 + (int64_t)um) : (uint64_t)t0;
    e = e == INT64_MIN ? INT64_MAX : -e; /* INT64_MIN: one short (rare) */
  }
  uint64_t r = 1 % um, ue = (uint64_t)e;
  while (ue) {
    if (ue & 1) r = mulmod(r, ub, um);
    ub = mulmod(ub, ub, um);
    ue >>= 1;
  }
  /* the result takes the sign of the modulus */
  if (m < 0 && r) return dwV_int((int64_t)(r - um));
  return dwV_int((int64_t)r);
}

BI(b_chr) {
  NARGS("chr", 1, 1);
  int64_t c;
  if (!dwL_int(I, a->v[0], "chr() argument", &c)) return dwV_null();
  if (c < 0 || c > 0x10ffff) return dwI_raise(I, EXC_ValueError, "chr() arg not in range(0x110000)");
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
  Str *s = dwV_str(&I->c, buf, n);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

BI(b_ord) {
  NARGS("ord", 1, 1);
  if (a->v[0].t != V_STR || STR(a->v[0])->len == 0)
    return dwI_raise(I, EXC_TypeError, "ord() expected a character");
  const unsigned char *p = (const unsigned char *)STR(a->v[0])->s;
  size_t n = STR(a->v[0])->len;
  int64_t c = p[0];
  size_t need = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
  if (need != n) return dwI_raise(I, EXC_TypeError, "ord() expected a character, but string of length %zu found", n);
  if (need == 2) c = ((c & 0x1f) << 6) | (p[1] & 63);
  if (need == 3) c = ((c & 0x0f) << 12) | ((p[1] & 63) << 6) | (p[2] & 63);
  if (need == 4) c = ((c & 0x07) << 18) | ((p[1] & 63) << 12) | ((p[2] & 63) << 6) | (p[3] & 63);
  return dwV_int(c);
}

BI(b_callable) {
  NARGS("callable", 1, 1);
  int t = a->v[0].t;
  bool c = t == V_FUNC || t == V_BUILTIN || t == V_BOUND || t == V_WRAP || t == V_CLASS;
  if (t == V_INST) {
    Inst *in = (Inst *)OBJ(a->v[0]);
    c = (in->cls->cflags & CLS_NN_MODULE) ||
        dwI_class_lookup(in->cls, dwI_intern(I, "__call__")).t != V_NULL;
  }
  return dwV_bool(c);
}

BI(b_iter) {
  NARGS("iter", 1, 1);
  return dwI_iter(I, a->v[0]);
}

BI(b_next) {
  NOKW("next");
  if (a->n < 1) return dwI_raise(I, EXC_TypeError, "next expected at least 1 argument, got 0");
  if (a->n > 2) return dwI_raise(I, EXC_TypeError, "next expected at most 2 arguments, got %d", a->n);
  if (a->v[0].t == V_INST) {
    bool found;
    Value r = call_dunder(I, a->v[0], "__next__", 0, NULL, &found);
    if (!found)
      return dwI_raise(I, EXC_TypeError, "'%s' object is not an iterator", dwV_type_name(a->v[0]));
    if (r.t == V_NULL && a->n == 2 && I->exc.t == V_EXC &&
        ((Exc *)OBJ(I->exc))->type == EXC_StopIteration) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      dwV_incref(a->v[1]);
      return a->v[1];
    }
    return r;
  }
  if (a->v[0].t != V_ITER)
    return dwI_raise(I, EXC_TypeError, "'%s' object is not an iterator", dwV_type_name(a->v[0]));
  Value v = dwI_next(I, a->v[0]);
  if (v.t == V_NULL && I->exc.t == V_NULL && !I->brk.pending) {
    if (a->n == 2) {
      dwV_incref(a->v[1]);
      return a->v[1];
    }
    return dwI_raise(I, EXC_StopIteration, "%s", "");
  }
  return v;
}

BI(b_id) {
  NARGS("id", 1, 1);
  Value v = a->v[0];
  return dwV_int(V_ISOBJ(v.t) ? (int64_t)(uintptr_t)v.u.o : (int64_t)dwV_hash(v));
}

BI(b_hash) {
  NARGS("hash", 1, 1);
  Value v = a->v[0];
  if (!dwI_check_hashable(I, v)) return dwV_null();
  if (v.t == V_INST) {
    bool found;
    Value r = call_dunder(I, v, "__hash__", 0, NULL, &found);
    if (found) {
      if (r.t == V_NULL) return r;
      if (r.t != V_INT && r.t != V_BOOL) {
        dwV_decref(&I->c, r);
        return dwI_raise(I, EXC_TypeError, "__hash__ method should return an integer");
      }
      return dwV_int(r.u.i == -1 ? -2 : r.u.i);
    }
  }
  int64_t h;
  if (dwV_pyhash(v, &h)) return dwV_int(h);
  return dwV_int((int64_t)dwV_hash(v));
}

static Value int_text(Interp *I, Value v, int base, const char *prefix) {
  int64_t x;
  if (!dwI_index(I, v, &x)) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                     dwV_type_name(v));
  }
  Buf b = {0};
  if (x < 0) dwB_putc(&b, '-');
  dwB_puts(&b, prefix);
  int_digits(&b, x, base, false);
  return new_str(I, &b);
}

BI(b_hex) { NOKW("hex"); NARGS("hex", 1, 1); return int_text(I, a->v[0], 16, "0x"); }
BI(b_oct) { NOKW("oct"); NARGS("oct", 1, 1); return int_text(I, a->v[0], 8, "0o"); }
BI(b_bin) { NOKW("bin"); NARGS("bin", 1, 1); return int_text(I, a->v[0], 2, "0b"); }

void dwL_ascii_of(Buf *out, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    uint32_t c = p[i];
    if (c < 0x80) {
      dwB_putc(out, (char)c);
      i++;
      continue;
    }
    size_t w = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    if (i + w > n) w = 1;
    if (w == 2) c = ((c & 0x1f) << 6) | (p[i + 1] & 63);
    else if (w == 3) c = ((c & 0x0f) << 12) | ((p[i + 1] & 63) << 6) | (p[i + 2] & 63);
    else if (w == 4)
      c = ((c & 0x07) << 18) | ((p[i + 1] & 63) << 12) | ((p[i + 2] & 63) << 6) | (p[i + 3] & 63);
    if (c <= 0xff) dwB_printf(out, "\\x%02x", (unsigned)c);
    else if (c <= 0xffff) dwB_printf(out, "\\u%04x", (unsigned)c);
    else dwB_printf(out, "\\U%08x", (unsigned)c);
    i += w;
  }
}

BI(b_ascii) {
  NARGS("ascii", 1, 1);
  Buf r = {0};
  if (!dwL_repr_value(I, &r, a->v[0])) {
    dwB_free(&r);
    return dwV_null();
  }
  Buf q = {0};
  dwL_ascii_of(&q, r.p ? r.p : "", r.len);
  dwB_free(&r);
  return new_str(I, &q);
}

BI(b_input) {
  return dwI_raise(I, EXC_RuntimeError, "input() is not available: programs run without a terminal");
}


/* The name of v's builtin type as the type objects are registered. */
static const char *type_key(Value v) {
  switch (v.t) {
  case V_FUNC: return "function";
  case V_WRAP:
    return ((Wrap *)OBJ(v))->kind == WRAP_PROPERTY ? "property"
           : ((Wrap *)OBJ(v))->kind == WRAP_STATIC ? "staticmethod"
           : ((Wrap *)OBJ(v))->kind == WRAP_CLASSMETHOD ? "classmethod"
                                                        : "function";
  case V_TENSOR: return "torch.Tensor";
  case V_TUPLE: return OBJ(v)->flags == TUP_SIZE ? "torch.Size" : "tuple";
  case V_BUILTIN:
    return ((Builtin *)OBJ(v))->self.t == V_NULL && dwV_is_type_def(((Builtin *)OBJ(v))->def)
               ? "type"
               : "builtin_function_or_method";
  case V_OPAQUE:
    if (((Opaque *)OBJ(v))->kind == 5) return "ellipsis";
    if (((Opaque *)OBJ(v))->kind == 7) return "NotImplementedType";
    return "object";
  default: return dwV_type_name(v);
  }
}

/* The builtin type object of a type name: a builtin (int) or a type
 * registered as __type_<name> (NoneType); V_NULL if none. */
static Value type_object(Interp *I, const char *name) {
  if (!strcmp(name, "torch.Tensor")) return dwL_builtin(I, "__tensor_type");
  Value r = dwV_null();
  if (!strchr(name, '.')) r = dwL_builtin(I, name);
  if (r.t == V_BUILTIN && dwV_is_type_def(((Builtin *)OBJ(r))->def)) return r;
  dwV_decref(&I->c, r);
  char key[64];
  snprintf(key, sizeof key, "__type_%s", name);
  return dwL_builtin(I, key);
}

BI(b_type) {
  if (a->n == 3) return dwI_raise(I, EXC_NotImplementedError, "type() with 3 arguments is not supported");
  NARGS("type", 1, 1);
  Value v = a->v[0];
  if (v.t == V_INST) {
    Class *c = ((Inst *)OBJ(v))->cls;
    dwV_incref_o(&c->h);
    return dwV_obj(&c->h);
  }
  if (v.t == V_EXC) {
    Exc *e = (Exc *)OBJ(v);
    if (e->cls) {
      dwV_incref_o(&e->cls->h);
      return dwV_obj(&e->cls->h);
    }
    return dwL_builtin(I, dwV_exc_names[e->type]);
  }
  Value r = type_object(I, type_key(v));
  if (r.t == V_NULL) {
    Str *s = dwV_strf(&I->c, "<class '%s'>", dwV_type_name(v));
    return s ? VSTR(s) : dwI_raise_ctx(I);
  }
  return r;
}

BI(b_type_new) {
  const char *n = def->name;
  if (!strcmp(n, "NoneType")) {
    if (a->n || a->nkw) return dwI_raise(I, EXC_TypeError, "NoneType takes no arguments");
    return dwV_none();
  }
  return dwI_raise(I, EXC_TypeError, "cannot create '%s' instances", n);
}

static const BuiltinDef type_defs[] = {
    {"NoneType", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"function", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"builtin_function_or_method", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"method", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"module", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"slice", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_keys", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_values", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_items", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"ellipsis", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"NotImplementedType", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"cell", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"list_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"tuple_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"str_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"str_ascii_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"range_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"set_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_keyiterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_valueiterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_itemiterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"list_reverseiterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"iterator", b_type_new, TK_PURE, 0, dwV_type_doc},

    {NULL, NULL, 0, 0, 0}};

/* super(): the defining class of the running method and its self. */
typedef struct SuperObj {
  Value self;
  Class *start; /* lookups begin at start->base */
} SuperObj;

static void super_free(Ctx *c, void *p) {
  SuperObj *s = p;
  dwV_decref(c, s->self);
  free(s);
}

/* super().name: the classes after `start` in the MRO of self's class,
 * then `object`. */
static Value super_getattr(void *interp, void *p, const char *name) {
  Interp *I = interp;
  SuperObj *s = p;
  Str *nm = dwI_intern(I, name);
  Class *tc = s->self.t == V_INST ? ((Inst *)OBJ(s->self))->cls
              : s->self.t == V_EXC ? ((Exc *)OBJ(s->self))->cls
              : s->self.t == V_CLASS ? (Class *)OBJ(s->self)
                                      : NULL;
  Value v = dwV_null();
  if (tc) {
    int n = dwI_class_mro(tc, NULL, 0), k = 0;
    Class **mro = malloc(sizeof(Class *) * (size_t)(n + 1));
    if (!mro) return dwI_raise(I, EXC_MemoryError, "out of memory");
    dwI_class_mro(tc, mro, n);
    while (k < n && mro[k] != s->start) k++;
    for (k++; k < n && v.t == V_NULL; k++) v = dwV_dict_gets(mro[k]->ns, nm);
    free(mro);
  }
  if (v.t == V_NULL) {
    Value obj = dwL_builtin(I, "object");
    if (obj.t == V_CLASS) v = dwV_dict_gets(((Class *)OBJ(obj))->ns, nm);
    dwV_decref(&I->c, obj);
  }
  if (v.t == V_NULL) return dwV_null();
  if (s->self.t == V_CLASS) {
    if (v.t == V_WRAP && ((Wrap *)OBJ(v))->kind == WRAP_CLASSMETHOD)
      return dwI_bind(I, s->self, ((Wrap *)OBJ(v))->target);
    dwV_incref(v);
    return v;
  }
  return dwI_bind(I, s->self, v);
}

BI(b_super) {
  Frame *f = I->frame;
  if (a->n == 2 && a->v[0].t == V_CLASS) {
    SuperObj *s = calloc(1, sizeof *s);
    if (!s) return dwI_raise(I, EXC_MemoryError, "out of memory");
    s->start = (Class *)OBJ(a->v[0]);
    dwV_incref(s->self = a->v[1]);
    Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
    if (!o) {
      super_free(&I->c, s);
      return dwI_raise_ctx(I);
    }
    o->kind = 2;
    o->p = s;
    o->free = super_free;
    o->getattr = super_getattr;
    return dwV_obj(&o->h);
  }
  if (!f || !f->func || !f->func->owner || f->code->nslots == 0 ||
      f->code->nparams == 0)
    return dwI_raise(I, EXC_RuntimeError, "super(): no arguments");
  Value me = f->slots[0];
  if (f->code->slotcell[0] && me.t == V_CELL) me = ((Cell *)OBJ(me))->v;
  if (me.t == V_NULL) return dwI_raise(I, EXC_RuntimeError, "super(): arg[0] deleted");
  SuperObj *s = calloc(1, sizeof *s);
  if (!s) return dwI_raise(I, EXC_MemoryError, "out of memory");
  s->start = f->func->owner;
  dwV_incref(s->self = me);
  Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
  if (!o) {
    super_free(&I->c, s);
    return dwI_raise_ctx(I);
  }
  o->kind = 2;
  o->p = s;
  o->free = super_free;
  o->getattr = super_getattr;
  return dwV_obj(&o->h);
}

/* ------------------------------------------------------------------ */
/* Methods of str, list, dict, tuple, set                              */
/* ------------------------------------------------------------------ */

static Value str_new(Interp *I, const char *p, size_t n) {
  Str *s = dwV_str(&I->c, p, n);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

static void m_reverse_items(List *l);

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == '\x1c' || c == '\x1d' || c == '\x1e' || c == '\x1f'; }

/* ---- code points ---- */

static uint32_t cp_decode(const char *s, size_t n, size_t i, size_t *w) {
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
static bool cp_isspace(uint32_t c) {
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
    if (!dwI_index(I, v[k], &x)) {
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
      while (b < e && cp_isspace(cp_decode(s->s, s->len, b, &w))) b += w;
    if (which & 2)
      while (e > b) {
        size_t k = e - 1;
        while (k > b && ((unsigned char)s->s[k] & 0xc0) == 0x80) k--;
        if (!cp_isspace(cp_decode(s->s, s->len, k, &w))) break;
        e = k;
      }
    return str_new(I, s->s + b, e - b);
  }
  if (which & 1)
    while (b < e) {
      w = utf8_w(s->s + b, e - b);
      bool hit = false;
      for (size_t j = 0; j < chars->len;) {
        size_t cw = utf8_w(chars->s + j, chars->len - j);
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
        size_t cw = utf8_w(chars->s + j, chars->len - j);
        if (cw == w && !memcmp(chars->s + j, s->s + k, w)) hit = true;
        j += cw;
      }
      if (!hit) break;
      e = k;
    }
  return str_new(I, s->s + b, e - b);
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
    uint32_t c = cp_decode(s->s, s->len, i, &w);
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
    utf8_put(&b, r);
  }
  return new_str(I, &b);
}

BI(m_upper) { NARGS("upper", 0, 0); return str_case(I, self, 0); }
BI(m_lower) { NARGS("lower", 0, 0); return str_case(I, self, 1); }
BI(m_title) { NARGS("title", 0, 0); return str_case(I, self, 2); }
BI(m_capitalize) { NARGS("capitalize", 0, 0); return str_case(I, self, 3); }
BI(m_swapcase) { NARGS("swapcase", 0, 0); return str_case(I, self, 4); }
BI(m_casefold) { NARGS("casefold", 0, 0); return str_case(I, self, 5); }

static bool list_push_str(Interp *I, List *l, const char *p, size_t n) {
  Value part = str_new(I, p, n);
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
  if (o[1].t != V_NULL && !dwI_truth(I, o[1], &keep)) return dwV_null();
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
  if (!dwI_foreach(I, a->v[0], join_cb, &j)) {
    dwB_free(&j.b);
    if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_TypeError &&
        a->v[0].t != V_LIST && a->v[0].t != V_TUPLE && strstr(((Exc *)OBJ(I->exc))->msg->s, "not iterable")) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      return dwI_raise(I, EXC_TypeError, "can only join an iterable");
    }
    return dwV_null();
  }
  return new_str(I, &j.b);
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
          size_t w = utf8_w(s->s + k, s->len - k);
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
  return new_str(I, &b);
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

BI(m_format) { return str_format(I, STR(self), a); }

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
    parts[0] = str_new(I, right ? "" : s->s, right ? 0 : s->len);
    parts[1] = str_new(I, "", 0);
    parts[2] = str_new(I, right ? s->s : "", right ? s->len : 0);
  } else {
    parts[0] = str_new(I, s->s, (size_t)k);
    dwV_incref(parts[1] = a->v[0]);
    parts[2] = str_new(I, s->s + k + sep->len, s->len - (size_t)k - sep->len);
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
    return str_new(I, prefix ? s->s + p->len : s->s, s->len - p->len);
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
    w = utf8_w(s->s + i, s->len - i);
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
  return new_str(I, &b);
}

/* is* predicates over code points */
static Value str_class(Interp *I, Value self, bool (*pred)(uint32_t)) {
  Str *s = STR(self);
  if (!s->len) return dwV_bool(false);
  for (size_t i = 0, w; i < s->len; i += w)
    if (!pred(cp_decode(s->s, s->len, i, &w))) return dwV_bool(false);
  return dwV_bool(true);
}

static bool cp_isalnum(uint32_t c) { return cp_isalpha(c) || cp_isdigit(c); }

BI(m_isdigit) { return str_class(I, self, cp_isdigit); }
BI(m_isalpha) { return str_class(I, self, cp_isalpha); }
BI(m_isalnum) { return str_class(I, self, cp_isalnum); }
BI(m_isspace) { return str_class(I, self, cp_isspace); }

/* isupper / islower: at least one cased character, none of the other case */
static Value str_cased(Value self, bool upper) {
  Str *s = STR(self);
  bool any = false;
  for (size_t i = 0, w; i < s->len; i += w) {
    uint32_t c = cp_decode(s->s, s->len, i, &w);
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
    uint32_t c = cp_decode(s->s, s->len, i, &w);
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
    uint32_t c = cp_decode(s->s, s->len, i, &w);
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
  if (!dwI_index(I, a->v[0], &w)) {
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
  return new_str(I, &b);
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
  return new_str(I, &b);
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
    List *copy = dwI_to_list(I, a->v[0]);
    if (!copy) return dwV_null();
    Value cv = dwV_obj(&copy->h);
    bool ok = dwI_foreach(I, cv, extend_cb, LIST(self));
    dwV_decref(&I->c, cv);
    return ok ? dwV_none() : dwV_null();
  }
  if (!dwI_foreach(I, a->v[0], extend_cb, LIST(self))) return dwV_null();
  return dwV_none();
}

BI(m_pop_list) {
  NARGS("pop", 0, 1);
  List *l = LIST(self);
  int64_t i = -1;
  if (a->n && !dwI_index(I, a->v[0], &i)) {
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
  if (!dwI_index(I, a->v[0], &i)) {
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
    bool ok = dwI_eq(I, e, x, &eq);
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
    if (!dwI_index(I, a->v[k], &x)) {
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
    if (!dwL_repr_value(I, &b, a->v[0])) {
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
  if (o[2].t != V_NULL && !dwI_truth(I, o[2], &rev)) return dwV_null();
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
  if (!dwI_check_hashable(I, a->v[0])) return dwV_null();
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
  if (!dict_update(I, DICT(self), a)) return dwV_null();
  return dwV_none();
}

BI(m_pop_dict) {
  NARGS("pop", 1, 2);
  if (!dwI_check_hashable(I, a->v[0])) return dwV_null();
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
  if (!dwI_check_hashable(I, a->v[0])) return dwV_null();
  Value v = dwV_dict_get(DICT(self), a->v[0]);
  if (v.t == V_NULL) {
    v = a->n == 2 ? a->v[1] : dwV_none();
    if (!dwI_setitem(I, self, a->v[0], v)) return dwV_null();
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
  if (!dwI_check_hashable(I, k)) return false;
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
  if (!dwI_foreach(I, a->v[0], fromkeys_cb, &ud)) {
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

Value dwL_set_new(Interp *I) {
  Set *s = (Set *)dwV_alloc(&I->c, V_SET, sizeof(Set));
  if (!s) return dwI_raise_ctx(I);
  s->d = dwV_dict(&I->c);
  if (!s->d) {
    dwV_decref_o(&I->c, &s->h);
    return dwI_raise_ctx(I);
  }
  return dwV_obj(&s->h);
}

bool dwL_set_add(Interp *I, Set *s, Value v) {
  if (!dwI_check_hashable(I, v)) return false;
  if (!dwV_set_add(&I->c, s, v)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

static bool set_add_cb(Interp *I, Value v, void *ud) { return dwL_set_add(I, (Set *)ud, v); }

/* set_update_internal: a set merges, a dict adds its keys after one
 * resize, anything else is iterated */
bool dwL_set_from(Interp *I, Set *s, Value iterable) {
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
      if (d->ent[k].used && !dwL_set_add(I, s, d->ent[k].key)) return false;
    return true;
  }
  return dwI_foreach(I, iterable, set_add_cb, s);
}

List *dwL_set_order(Interp *I, Set *s) {
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
  Value r = dwL_set_new(I);
  if (r.t == V_NULL) return r;
  if (!dwL_set_from(I, SETP(r), v)) {
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
  Value r = dwL_set_new(I);
  if (r.t == V_NULL) return r;
  bool ok = true;
  if (other.t == V_SET) {
    Set *a = so, *b = SETP(other);
    if (b->d->len > a->d->len) {
      Set *t = a;
      a = b;
      b = t;
    }
    List *l = dwL_set_order(I, b);
    ok = l != NULL;
    for (int64_t k = 0; ok && k < l->len; k++)
      if (set_has(a, l->items[k])) ok = dwL_set_add(I, SETP(r), l->items[k]);
    if (l) dwV_decref_o(&I->c, &l->h);
  } else {
    List *l = dwI_to_list(I, other);
    ok = l != NULL;
    for (int64_t k = 0; ok && k < l->len; k++) {
      if (!dwI_check_hashable(I, l->items[k])) ok = false;
      else if (set_has(so, l->items[k])) ok = dwL_set_add(I, SETP(r), l->items[k]);
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
  List *l = other.t == V_SET ? dwL_set_order(I, SETP(other)) : dwI_to_list(I, other);
  if (!l) return false;
  bool ok = true;
  for (int64_t k = 0; ok && k < l->len; k++) {
    if (other.t != V_SET && !dwI_check_hashable(I, l->items[k])) ok = false;
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
  Value r = dwL_set_new(I);
  if (r.t == V_NULL) return r;
  List *l = dwL_set_order(I, so);
  bool ok = l != NULL;
  Dict *od = other.t == V_SET ? SETD(other) : (Dict *)OBJ(other);
  for (int64_t k = 0; ok && k < l->len; k++)
    if (dwV_dict_get(od, l->items[k]).t == V_NULL) ok = dwL_set_add(I, SETP(r), l->items[k]);
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
      bool ok = dwV_set_discard(&I->c, so, key) || dwL_set_add(I, so, key);
      dwV_decref(&I->c, key);
      if (!ok) return false;
    }
    return true;
  }
  Value os = other.t == V_SET ? other : set_of(I, other);
  if (os.t == V_NULL) return false;
  if (other.t == V_SET) dwV_incref(os);
  List *l = dwL_set_order(I, SETP(os));
  bool ok = l != NULL;
  for (int64_t k = 0; ok && k < l->len; k++)
    if (!dwV_set_discard(&I->c, so, l->items[k])) ok = dwL_set_add(I, so, l->items[k]);
  if (l) dwV_decref_o(&I->c, &l->h);
  dwV_decref(&I->c, os);
  return ok;
}

/* a op b for sets and dict views (| & - ^); inplace: a changes and is
 * returned. Each follows CPython's algorithm (the result's order). */
Value dwL_set_binop(Interp *I, int op, Value a, Value b, bool inplace) {
  if (a.t != V_SET) {
    /* a dict view: set(view) op= b */
    Value sa = set_of(I, a);
    if (sa.t == V_NULL) return sa;
    Value r = dwL_set_binop(I, op, sa, b, true);
    dwV_decref(&I->c, sa);
    return r;
  }
  Set *so = SETP(a);
  if (inplace) {
    set_log(I, so);
    bool ok = true;
    switch (op) {
    case BIN_OR: ok = dwL_set_from(I, so, b); break;
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
    if (r.t != V_NULL && a.u.o != b.u.o && !dwL_set_from(I, SETP(r), b)) {
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

bool dwL_set_eq(Interp *I, Value a, Value b, bool *out) {
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

BI(b_set) {
  NOKW("set");
  if (a->n > 1) return dwI_raise(I, EXC_TypeError, "set expected at most 1 argument, got %d", a->n);
  if (a->n == 0) return dwL_set_new(I);
  return set_of(I, a->v[0]);
}

BI(m_set_add) {
  NARGS("add", 1, 1);
  set_log(I, SETP(self));
  return dwL_set_add(I, SETP(self), a->v[0]) ? dwV_none() : dwV_null();
}

static Value set_remove(Interp *I, Value self, Args *a, bool must) {
  NARGS(must ? "remove" : "discard", 1, 1);
  if (!dwI_check_hashable(I, a->v[0])) return dwV_null();
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
      if (!(op == BIN_OR ? dwL_set_from(I, so, a->v[k]) : set_diff_update(I, so, a->v[k])))
        return dwV_null();
    return dwV_none();
  }
  Value r;
  if (op == BIN_OR || a->n == 0) {
    r = set_of(I, self);
    for (int k = 0; r.t != V_NULL && op == BIN_OR && k < a->n; k++)
      if (!dwL_set_from(I, SETP(r), a->v[k])) {
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
  if (strcmp(type_key(recv), tname) && !(recv.t == V_TUPLE && !strcmp(tname, "tuple")))
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

Value dwL_bound(Interp *I, const BuiltinDef *d, Value self) { return bound_builtin(I, d, self); }

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

Value dwL_method(Interp *I, Value self, Str *name) {
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
    if (!strcmp(name->s, "is_floating_point")) return dwV_bool(self.u.i == DT_F32);
    if (!strcmp(name->s, "itemsize")) return dwV_int((int64_t)dwT_dtype_size[self.u.i]);
    return dwV_null();
  case V_OPAQUE: {
    Opaque *o = (Opaque *)OBJ(self);
    if (o->getattr) return o->getattr(I, o->p, name->s);
    return dwV_null();
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
      return str_new(I, dot ? dot + 1 : n, strlen(dot ? dot + 1 : n));
    }
    if (!strcmp(name->s, "__qualname__")) return str_new(I, bd->name, strlen(bd->name));
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

/* ------------------------------------------------------------------ */
/* isinstance                                                          */
/* ------------------------------------------------------------------ */

static const BuiltinDef builtin_defs[];

/* Does builtin type object `t` (int, str, ...) describe values of type
 * name `name`? (bool is an int; torch.Size is a tuple) */
static bool type_def_matches(const BuiltinDef *t, const char *name) {
  const char *n = t->name;
  if (!strcmp(n, name)) return true;
  if (!strcmp(n, "int") && !strcmp(name, "bool")) return true;
  if (!strcmp(n, "tuple") && !strcmp(name, "torch.Size")) return true;
  return false;
}

static bool is_instance(Interp *I, Value v, Value cls, bool *out) {
  *out = false;
  if (cls.t == V_TUPLE) {
    Tuple *t = (Tuple *)OBJ(cls);
    for (int64_t k = 0; k < t->len && !*out; k++)
      if (!is_instance(I, v, t->items[k], out)) return false;
    return true;
  }
  if (cls.t == V_CLASS) {
    Class *c = (Class *)OBJ(cls);
    if (c->cflags & CLS_OBJECT) {
      *out = true;
      return true;
    }
    if (v.t == V_INST) {
      *out = dwI_subclass(((Inst *)OBJ(v))->cls, c);
      return true;
    }
    if (v.t == V_EXC) {
      Exc *e = (Exc *)OBJ(v);
      if (e->cls) *out = dwI_subclass(e->cls, c);
      else if ((c->cflags & CLS_BUILTIN) && (c->cflags & CLS_EXCEPTION) && c->builtin_base >= 0)
        for (int t = e->type;; t = dwV_exc_base[t]) {
          if (t == c->builtin_base) {
            *out = true;
            break;
          }
          if (t == EXC_BaseException) break;
        }
    }
    return true;
  }
  if (cls.t == V_BUILTIN && dwV_is_type_def(((Builtin *)OBJ(cls))->def)) {
    const BuiltinDef *d = ((Builtin *)OBJ(cls))->def;
    if (!strcmp(d->name, "type")) *out = v.t == V_CLASS || (v.t == V_BUILTIN && dwV_is_type_def(((Builtin *)OBJ(v))->def));
    else if (v.t == V_INST || v.t == V_EXC) *out = false;
    else *out = type_def_matches(d, type_key(v));
    return true;
  }
  if (cls.t == V_BUILTIN) {
    const char *n = ((Builtin *)OBJ(cls))->def->name;
    if (!strcmp(n, "torch.Tensor")) *out = v.t == V_TENSOR;
    else if (!strcmp(n, "torch.nn.Parameter")) *out = v.t == V_TENSOR && (OBJ(v)->flags & DW_TENSOR_PARAM);
    else if (!strcmp(n, "torch.Size")) *out = v.t == V_TUPLE && OBJ(v)->flags == TUP_SIZE;
    else if (!strcmp(n, "torch.dtype")) *out = v.t == V_DTYPE;
    else goto bad;
    return true;
  }
bad:
  dwI_raise(I, EXC_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
  return false;
}

static bool is_type_value(Value v) {
  return v.t == V_CLASS || (v.t == V_BUILTIN && (dwV_is_type_def(((Builtin *)OBJ(v))->def) ||
                                                 !strncmp(((Builtin *)OBJ(v))->def->name, "torch.", 6)));
}

static bool is_subclass(Interp *I, Value c, Value base, bool *out) {
  *out = false;
  if (base.t == V_TUPLE) {
    Tuple *t = (Tuple *)OBJ(base);
    for (int64_t k = 0; k < t->len && !*out; k++)
      if (!is_subclass(I, c, t->items[k], out)) return false;
    return true;
  }
  if (!is_type_value(base)) {
    dwI_raise(I, EXC_TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    return false;
  }
  if (base.t == V_CLASS && (((Class *)OBJ(base))->cflags & CLS_OBJECT)) {
    *out = true;
    return true;
  }
  if (c.t == V_CLASS && base.t == V_CLASS) {
    *out = dwI_subclass((Class *)OBJ(c), (Class *)OBJ(base));
    return true;
  }
  if (c.t == V_BUILTIN && base.t == V_BUILTIN) {
    *out = c.u.o == base.u.o ||
           type_def_matches(((Builtin *)OBJ(base))->def, ((Builtin *)OBJ(c))->def->name);
    return true;
  }
  return true;
}

BI(b_issubclass) {
  NOKW("issubclass");
  if (a->n != 2) return dwI_raise(I, EXC_TypeError, "issubclass expected 2 arguments, got %d", a->n);
  if (!is_type_value(a->v[0]))
    return dwI_raise(I, EXC_TypeError, "issubclass() arg 1 must be a class");
  bool r;
  if (!is_subclass(I, a->v[0], a->v[1], &r)) return dwV_null();
  return dwV_bool(r);
}

/* ------------------------------------------------------------------ */
/* math and time                                                       */
/* ------------------------------------------------------------------ */

/* gamma and lgamma as CPython computes them (Lanczos approximation, g =
 * 6.0247..., N = 13; Modules/mathmodule.c), for the same digits. */
static const double lanczos_g = 6.024680040776729583740234375;
static const double lanczos_g_minus_half = 5.524680040776729583740234375;
static const double lanczos_num[13] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408};
static const double lanczos_den[13] = {0.0,       39916800.0, 120543840.0, 150917976.0, 105258076.0,
                                       45995730.0, 13339535.0, 2637558.0,   357423.0,    32670.0,
                                       1925.0,    66.0,       1.0};

static double lanczos_sum(double x) {
  double num = 0.0, den = 0.0;
  if (x < 5.0) {
    for (int i = 13; --i >= 0;) {
      num = num * x + lanczos_num[i];
      den = den * x + lanczos_den[i];
    }
  } else {
    for (int i = 0; i < 13; i++) {
      num = num / x + lanczos_num[i];
      den = den / x + lanczos_den[i];
    }
  }
  return num / den;
}

static double m_sinpi(double x) {
  double y = fmod(fabs(x), 2.0), r;
  int n = (int)round(2.0 * y);
  switch (n) {
  case 0: r = sin(M_PI * y); break;
  case 1: r = cos(M_PI * (y - 0.5)); break;
  case 2: r = sin(M_PI * (1.0 - y)); break;
  case 3: r = -cos(M_PI * (y - 1.5)); break;
  default: r = sin(M_PI * (y - 2.0)); break;
  }
  return copysign(1.0, x) * r;
}

/* x is finite, not 0 and not a negative integer */
static double m_tgamma(double x) {
  static const double fact[23] = {1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0,
                                  362880.0, 3628800.0, 39916800.0, 479001600.0, 6227020800.0,
                                  87178291200.0, 1307674368000.0, 20922789888000.0,
                                  355687428096000.0, 6402373705728000.0, 121645100408832000.0,
                                  2432902008176640000.0, 51090942171709440000.0,
                                  1124000727777607680000.0};
  if (x == floor(x) && x > 0 && x <= 23) return fact[(int)x - 1];
  double absx = fabs(x), r, y, z;
  if (absx < 1e-20) return 1.0 / x;
  if (absx > 200.0) return x < 0.0 ? 0.0 / m_sinpi(x) : HUGE_VAL;
  y = absx + lanczos_g_minus_half;
  if (absx > lanczos_g_minus_half) {
    double q = y - absx;
    z = q - lanczos_g_minus_half;
  } else {
    double q = y - lanczos_g_minus_half;
    z = q - absx;
  }
  z = z * lanczos_g / y;
  if (x < 0.0) {
    r = -M_PI / m_sinpi(absx) / absx * exp(y) / lanczos_sum(absx);
    r -= z * r;
    if (absx < 140.0) {
      r /= pow(y, absx - 0.5);
    } else {
      double sp = pow(y, absx / 2.0 - 0.25);
      r /= sp;
      r /= sp;
    }
  } else {
    r = lanczos_sum(absx) / exp(y);
    r += z * r;
    if (absx < 140.0) {
      r *= pow(y, absx - 0.5);
    } else {
      double sp = pow(y, absx / 2.0 - 0.25);
      r *= sp;
      r *= sp;
    }
  }
  return r;
}

/* x is finite and not an integer <= 0 */
static double m_lgamma(double x) {
  if (x == floor(x) && x <= 2.0) return 0.0;
  double absx = fabs(x);
  if (absx < 1e-20) return -log(absx);
  double r = log(lanczos_sum(absx)) - lanczos_g;
  r += (absx - 0.5) * (log(absx + lanczos_g - 0.5) - 1);
  if (x < 0.0)
    r = 1.144729885849400174143427351353058711647 - log(fabs(m_sinpi(absx))) - log(absx) - r;
  return r;
}

static Value math1(Interp *I, const BuiltinDef *def, Args *a) {
  const char *name = strchr(def->name, '.') + 1;
  if (a->n != 1 || a->nkw)
    return dwI_raise(I, EXC_TypeError, "math.%s() takes exactly one argument (%d given)", name, a->n);
  double x;
  if (a->v[0].t == V_TENSOR && dwR_tracing(I) &&
      !dwR_break_here(I, BR_DATA_DEPENDENT, "math.%s() of a traced tensor", name))
    return dwV_null();
  if (!dwL_float(I, a->v[0], "must be real number", &x)) {
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    return dwI_raise(I, EXC_TypeError, "must be real number, not %s", dwV_type_name(a->v[0]));
  }
  double r;
  switch (def->data) {
  case 0: if (x < 0) goto domain; r = sqrt(x); break;
  case 1: r = exp(x); if (isinf(r) && isfinite(x)) return dwI_raise(I, EXC_OverflowError, "math range error"); break;
  case 2: if (x <= 0) goto domain; r = log(x); break;
  case 3: if (x <= 0) goto domain; r = log2(x); break;
  case 4: if (x <= 0) goto domain; r = log10(x); break;
  case 5: if (isinf(x)) goto domain; r = sin(x); break;
  case 6: if (isinf(x)) goto domain; r = cos(x); break;
  case 7: if (isinf(x)) goto domain; r = tan(x); break;
  case 8: r = tanh(x); break;
  case 9: if (x < -1 || x > 1) goto domain; r = asin(x); break;
  case 10: if (x < -1 || x > 1) goto domain; r = acos(x); break;
  case 11: r = atan(x); break;
  case 12: r = fabs(x); break;
  case 13: r = erf(x); break;
  case 14: r = exp(x) - 1; r = expm1(x); break;
  case 15: if (x <= -1) goto domain; r = log1p(x); break;
  case 16: /* floor */
  case 17: /* ceil */
  case 18: { /* trunc */
    if (a->v[0].t == V_INT || a->v[0].t == V_BOOL) return dwV_int(a->v[0].u.i);
    if (isnan(x)) return dwI_raise(I, EXC_ValueError, "cannot convert float NaN to integer");
    if (isinf(x)) return dwI_raise(I, EXC_OverflowError, "cannot convert float infinity to integer");
    double v = def->data == 16 ? floor(x) : def->data == 17 ? ceil(x) : trunc(x);
    if (v >= 9223372036854775808.0 || v < -9223372036854775808.0)
      return dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
    return dwV_int((int64_t)v);
  }
  case 19: return dwV_bool(isnan(x));
  case 20: return dwV_bool(isinf(x));
  case 21: return dwV_bool(isfinite(x));
  case 22: r = x * 180.0 / M_PI; break;
  case 23: r = x * M_PI / 180.0; break;
  case 24: r = sinh(x); break;
  case 25: r = cosh(x); break;
  case 27: { /* isqrt */
    int64_t n;
    if (!dwI_index(I, a->v[0], &n)) {
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                       dwV_type_name(a->v[0]));
    }
    if (n < 0) return dwI_raise(I, EXC_ValueError, "isqrt() argument must be nonnegative");
    uint64_t r = (uint64_t)sqrt((double)n);
    while (r * r > (uint64_t)n) r--;
    while ((r + 1) * (r + 1) <= (uint64_t)n) r++;
    return dwV_int((int64_t)r);
  }
  case 28: { /* modf */
    double ip;
    double fp = isinf(x) ? copysign(0.0, x) : modf(x, &ip);
    if (isinf(x)) ip = x;
    Tuple *t = dwV_tuple(&I->c, 2);
    if (!t) return dwI_raise_ctx(I);
    t->items[0] = dwV_float(fp);
    t->items[1] = dwV_float(ip);
    return dwV_obj(&t->h);
  }
  case 29: { /* frexp */
    int e = 0;
    double m = isfinite(x) ? frexp(x, &e) : x;
    Tuple *t = dwV_tuple(&I->c, 2);
    if (!t) return dwI_raise_ctx(I);
    t->items[0] = dwV_float(m);
    t->items[1] = dwV_int(e);
    return dwV_obj(&t->h);
  }
  case 30: /* gamma */
    if (isnan(x) || (isinf(x) && x > 0)) return dwV_float(x);
    if ((x <= 0 && x == floor(x)) || isinf(x)) goto domain;
    r = m_tgamma(x);
    if (isinf(r)) return dwI_raise(I, EXC_OverflowError, "math range error");
    break;
  case 31: /* lgamma */
    if (!isfinite(x)) return dwV_float(isnan(x) ? x : HUGE_VAL);
    if (x <= 0 && x == floor(x)) goto domain;
    r = m_lgamma(x);
    if (isinf(r)) return dwI_raise(I, EXC_OverflowError, "math range error");
    break;
  case 32: r = atanh(x); if (x <= -1 || x >= 1) goto domain; break;
  case 33: r = asinh(x); break;
  case 34: if (x < 1) goto domain; r = acosh(x); break;
  case 35: r = erfc(x); break;
  case 36: r = cbrt(x); break;
  case 37: r = exp2(x); if (isinf(r) && isfinite(x)) return dwI_raise(I, EXC_OverflowError, "math range error"); break;
  case 26: { /* factorial */
    int64_t n;
    if (a->v[0].t == V_FLOAT) return dwI_raise(I, EXC_TypeError, "'float' object cannot be interpreted as an integer");
    if (!dwL_int(I, a->v[0], "factorial", &n)) return dwV_null();
    if (n < 0) return dwI_raise(I, EXC_ValueError, "factorial() not defined for negative values");
    int64_t f = 1;
    for (int64_t k = 2; k <= n; k++)
      if (__builtin_mul_overflow(f, k, &f)) return dwI_raise(I, EXC_OverflowError, "integer overflow");
    return dwV_int(f);
  }
  default: r = x; break;
  }
  return dwV_float(r);
domain:
  return dwI_raise(I, EXC_ValueError, "math domain error");
}

BI(b_math1) { (void)self; return math1(I, def, a); }

static bool math_num(Interp *I, Value v, double *out) {
  if (dwL_float(I, v, "must be real number", out)) return true;
  if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_TypeError) {
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    dwI_raise(I, EXC_TypeError, "must be real number, not %s", dwV_type_name(v));
  }
  return false;
}

static bool math_intarg(Interp *I, Value v, int64_t *out) {
  if (v.t == V_FLOAT) {
    dwI_raise(I, EXC_TypeError, "'float' object cannot be interpreted as an integer");
    return false;
  }
  if (dwI_index(I, v, out)) return true;
  if (I->exc.t == V_NULL)
    dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer", dwV_type_name(v));
  return false;
}

static Value math2(Interp *I, const BuiltinDef *def, Args *a) {
  const char *name = strchr(def->name, '.') + 1;
  if (def->data == 5 && a->n == 1) { /* log(x) */
    Args one = *a;
    static const BuiltinDef ln = {"math.log", b_math1, TK_PURE, 2, 0};
    return math1(I, &ln, &one);
  }
  if (def->data == 8) { /* isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0) */
    Value o[4];
    if (!dwL_bind(I, "isclose", dwV_null(), a, "a,b,rel_tol,abs_tol", o, 4)) return dwV_null();
    if (a->n != 2)
      return dwI_raise(I, EXC_TypeError, "isclose() takes exactly 2 positional arguments (%d given)", a->n);
    double x, y, rt = 1e-9, at = 0.0;
    if (!math_num(I, o[0], &x) || !math_num(I, o[1], &y)) return dwV_null();
    if (o[2].t != V_NULL && !math_num(I, o[2], &rt)) return dwV_null();
    if (o[3].t != V_NULL && !math_num(I, o[3], &at)) return dwV_null();
    if (rt < 0 || at < 0) return dwI_raise(I, EXC_ValueError, "tolerances must be non-negative");
    if (x == y) return dwV_bool(true);
    if (isinf(x) || isinf(y)) return dwV_bool(false);
    double diff = fabs(y - x);
    return dwV_bool((diff <= fabs(rt * y)) || (diff <= fabs(rt * x)) || (diff <= at));
  }
  if (a->nkw) return dwI_raise(I, EXC_TypeError, "math.%s() takes no keyword arguments", name);
  if (def->data == 9 && a->n == 1) { /* perm(n) */
    Args two = *a;
    Value v[2] = {a->v[0], a->v[0]};
    two.n = 2;
    two.v = v;
    return math2(I, def, &two);
  }
  if (a->n != 2) return dwI_raise(I, EXC_TypeError, "%s expected 2 arguments, got %d", name, a->n);
  if (def->data == 6 || def->data == 7) { /* gcd, lcm */
    int64_t x, y;
    if (!math_intarg(I, a->v[0], &x) || !math_intarg(I, a->v[1], &y)) return dwV_null();
    x = x < 0 ? -x : x;
    y = y < 0 ? -y : y;
    int64_t g = x, h = y;
    while (h) {
      int64_t t = g % h;
      g = h;
      h = t;
    }
    if (def->data == 6) return dwV_int(g);
    if (!x || !y) return dwV_int(0);
    int64_t l;
    if (__builtin_mul_overflow(x / g, y, &l))
      return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
    return dwV_int(l);
  }
  if (def->data == 9 || def->data == 10) { /* perm, comb */
    int64_t n, k;
    if (!math_intarg(I, a->v[0], &n) || !math_intarg(I, a->v[1], &k)) return dwV_null();
    if (n < 0) return dwI_raise(I, EXC_ValueError, "n must be a non-negative integer");
    if (k < 0) return dwI_raise(I, EXC_ValueError, "k must be a non-negative integer");
    if (k > n) return dwV_int(0);
    if (def->data == 10 && k > n - k) k = n - k;
    int64_t r = 1;
    for (int64_t j = 0; j < k; j++) {
      /* comb: r = r * (n - j) / (j + 1) stays integral */
      int64_t t;
      if (def->data == 10) {
        int64_t num = n - j, den = j + 1, g = num, h = den;
        while (h) {
          int64_t tt = g % h;
          g = h;
          h = tt;
        }
        num /= g;
        den /= g;
        int64_t g2 = r, h2 = den;
        while (h2) {
          int64_t tt = g2 % h2;
          g2 = h2;
          h2 = tt;
        }
        r /= g2;
        den /= g2;
        if (__builtin_mul_overflow(r, num, &t))
          return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
        r = t / den;
      } else {
        if (__builtin_mul_overflow(r, n - j, &t))
          return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
        r = t;
      }
    }
    return dwV_int(r);
  }
  if (def->data == 11) { /* ldexp(x, i) */
    double x;
    int64_t e;
    if (!math_num(I, a->v[0], &x)) return dwV_null();
    if (!math_intarg(I, a->v[1], &e)) {
      if (I->exc.t == V_EXC) {
        dwV_decref(&I->c, I->exc);
        I->exc = dwV_null();
      }
      return dwI_raise(I, EXC_TypeError, "Expected an int as second argument to ldexp.");
    }
    if (e > 100000) e = 100000;
    if (e < -100000) e = -100000;
    double r = ldexp(x, (int)e);
    if (isinf(r) && isfinite(x)) return dwI_raise(I, EXC_OverflowError, "math range error");
    return dwV_float(r);
  }
  if (def->data == 12) { /* dist(p, q) */
    List *p = dwI_to_list(I, a->v[0]);
    if (!p) return dwV_null();
    List *q = dwI_to_list(I, a->v[1]);
    if (!q) {
      dwV_decref_o(&I->c, &p->h);
      return dwV_null();
    }
    double acc = 0, maxv = 0;
    bool ok = p->len == q->len;
    if (!ok) dwI_raise(I, EXC_ValueError, "both points must have the same number of dimensions");
    double *d = ok ? calloc((size_t)p->len + 1, sizeof(double)) : NULL;
    for (int64_t k = 0; ok && k < p->len; k++) {
      double x, y;
      ok = math_num(I, p->items[k], &x) && math_num(I, q->items[k], &y);
      if (ok) {
        d[k] = fabs(x - y);
        if (d[k] > maxv) maxv = d[k];
      }
    }
    if (ok && maxv > 0 && isfinite(maxv)) {
      for (int64_t k = 0; k < p->len; k++) acc += (d[k] / maxv) * (d[k] / maxv);
      acc = maxv * sqrt(acc);
    } else if (ok) {
      acc = maxv;
    }
    free(d);
    dwV_decref_o(&I->c, &p->h);
    dwV_decref_o(&I->c, &q->h);
    return ok ? dwV_float(acc) : dwV_null();
  }
  double x, y;
  if (!math_num(I, a->v[0], &x) || !math_num(I, a->v[1], &y)) return dwV_null();
  switch (def->data) {
  case 0: {
    if (x == 0 && y < 0) return dwI_raise(I, EXC_ValueError, "math domain error");
    if (x < 0 && y != floor(y) && isfinite(y)) return dwI_raise(I, EXC_ValueError, "math domain error");
    double r = pow(x, y);
    if (isinf(r) && isfinite(x) && isfinite(y)) return dwI_raise(I, EXC_OverflowError, "math range error");
    return dwV_float(r);
  }
  case 1: return dwV_float(atan2(x, y));
  case 2: return dwV_float(hypot(x, y));
  case 3: return dwV_float(copysign(x, y));
  case 4:
    if (y == 0 || isinf(x)) return dwI_raise(I, EXC_ValueError, "math domain error");
    return dwV_float(fmod(x, y));
  case 5: if (x <= 0 || y <= 0 || y == 1) return dwI_raise(I, EXC_ValueError, "math domain error");
    return dwV_float(log(x) / log(y));
  case 13: /* remainder */
    if (y == 0 || isinf(x)) {
      if (isnan(x) || isnan(y)) return dwV_float(NAN);
      return dwI_raise(I, EXC_ValueError, "math domain error");
    }
    return dwV_float(remainder(x, y));
  default: return dwV_float(x);
  }
}

BI(b_math2) { (void)self; return math2(I, def, a); }

/* fsum (exact: Shewchuk's partials, as CPython) and prod */
BI(b_fsum) {
  NOKW("fsum");
  NARGS("fsum", 1, 1);
  List *l = dwI_to_list(I, a->v[0]);
  if (!l) return dwV_null();
  double *p = malloc(sizeof(double) * (size_t)(l->len + 1));
  int64_t np = 0;
  double special = 0, inf_sum = 0;
  bool ok = p != NULL;
  for (int64_t k = 0; ok && k < l->len; k++) {
    double x;
    if (!math_num(I, l->items[k], &x)) {
      ok = false;
      break;
    }
    if (!isfinite(x)) {
      if (isinf(x)) inf_sum += x;
      special += x;
      continue;
    }
    int64_t i = 0;
    for (int64_t j = 0; j < np; j++) {
      double y = p[j];
      if (fabs(x) < fabs(y)) {
        double t = x;
        x = y;
        y = t;
      }
      double hi = x + y, lo = y - (hi - x);
      if (lo != 0.0) p[i++] = lo;
      x = hi;
    }
    np = i;
    p[np++] = x;
  }
  dwV_decref_o(&I->c, &l->h);
  if (!ok) {
    free(p);
    if (I->exc.t == V_NULL) dwI_raise(I, EXC_MemoryError, "out of memory");
    return dwV_null();
  }
  if (special != 0.0 || isnan(special)) {
    free(p);
    if (isnan(inf_sum)) return dwI_raise(I, EXC_ValueError, "-inf + inf in fsum");
    return dwV_float(special);
  }
  double hi = 0.0;
  if (np > 0) {
    int64_t n = np;
    hi = p[--n];
    double lo = 0;
    while (n > 0) {
      double x = hi, y = p[--n];
      hi = x + y;
      double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
      double y = lo * 2.0, x = hi + y, yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  free(p);
  return dwV_float(hi);
}

BI(b_prod) {
  Value o[2];
  if (!dwL_bind(I, "prod", dwV_null(), a, "iterable,start", o, 2)) return dwV_null();
  if (o[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "prod() takes exactly 1 positional argument (0 given)");
  Value start = o[1].t != V_NULL ? o[1] : dwV_int(1);
  dwV_incref(start);
  return fold(I, o[0], BIN_MUL, start);
}

BI(b_time) {
  (void)a;
  double ms = dw_now_ms();
  if (def->data == 1) return dwV_float(ms / 1000.0 + 1.7e9); /* time.time(): no wall clock; monotonic + epoch-ish */
  return dwV_float(ms / 1000.0);
}

BI(b_sleep) { return dwV_none(); }

BI(b_getrecursionlimit) {
  NOKW("getrecursionlimit");
  NARGS("getrecursionlimit", 0, 0);
  return dwV_int(I->max_depth);
}

/* CPython's checks and messages. The limit bounds Python frames; deep C
 * recursion stays bounded by the stack checks whatever the limit is. */
BI(b_setrecursionlimit) {
  NOKW("setrecursionlimit");
  NARGS("setrecursionlimit", 1, 1);
  if (a->v[0].t == V_FLOAT)
    return dwI_raise(I, EXC_TypeError, "'float' object cannot be interpreted as an integer");
  int64_t n;
  if (!dwI_index(I, a->v[0], &n)) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                     dwV_type_name(a->v[0]));
  }
  if (n < 1) return dwI_raise(I, EXC_ValueError, "recursion limit must be greater or equal than 1");
  if (n <= I->depth + 1) /* + the module frame */
    return dwI_raise(I, EXC_RecursionError,
                     "cannot set the recursion limit to %lld at the recursion depth %d: "
                     "the limit is too low",
                     (long long)n, I->depth + 1);
  I->max_depth = n > INT32_MAX ? INT32_MAX : (int)n;
  return dwV_none();
}

static const BuiltinDef sys_defs[] = {
    {"sys.getrecursionlimit", b_getrecursionlimit, TK_PURE, 0, 0},
    {"sys.setrecursionlimit", b_setrecursionlimit, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* ------------------------------------------------------------------ */
/* The table of builtins                                               */
/* ------------------------------------------------------------------ */

static Value wrap_kind(Interp *I, Args *a, int kind, const char *name) {
  if (a->n != 1 || a->nkw) return dwI_raise(I, EXC_TypeError, "%s() takes 1 argument", name);
  Wrap *w = (Wrap *)dwV_alloc(&I->c, V_WRAP, sizeof(Wrap));
  if (!w) return dwI_raise_ctx(I);
  w->kind = (uint8_t)kind;
  dwV_incref(w->target = a->v[0]);
  return dwV_obj(&w->h);
}

BI(b_staticmethod) { return wrap_kind(I, a, WRAP_STATIC, "staticmethod"); }
BI(b_classmethod) { return wrap_kind(I, a, WRAP_CLASSMETHOD, "classmethod"); }

BI(b_property2) {
  Value o[4];
  if (!dwL_bind(I, "property", dwV_null(), a, "fget,fset,fdel,doc", o, 4)) return dwV_null();
  Wrap *w = (Wrap *)dwV_alloc(&I->c, V_WRAP, sizeof(Wrap));
  if (!w) return dwI_raise_ctx(I);
  w->kind = WRAP_PROPERTY;
  w->target = o[0].t == V_NULL ? dwV_none() : o[0];
  dwV_incref(w->target);
  if (o[1].t != V_NULL && o[1].t != V_NONE) dwV_incref(w->fset = o[1]);
  return dwV_obj(&w->h);
}

/* object: the base of every class */
BI(b_object_init) { return dwV_none(); }
BI(b_object_repr) {
  Value v = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  Buf b = {0};
  dwV_repr(&b, v);
  return new_str(I, &b);
}
BI(b_object_str) {
  Value v = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  Buf b = {0};
  if (!dwL_repr_value(I, &b, v)) {
    dwB_free(&b);
    return dwV_null();
  }
  return new_str(I, &b);
}
BI(b_object_eq) {
  Value x = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  Value y = a->n > (self.t != V_NULL ? 0 : 1) ? a->v[self.t != V_NULL ? 0 : 1] : dwV_none();
  bool same = x.t == y.t && (V_ISOBJ(x.t) ? x.u.o == y.u.o : x.u.i == y.u.i);
  if (def->data == 1) {
    if (same) return dwV_bool(false);
  } else if (same) {
    return dwV_bool(true);
  }
  dwV_incref(I->not_implemented);
  return I->not_implemented;
}
BI(b_object_hash) {
  Value v = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  return dwV_int((int64_t)dwV_hash(v));
}
BI(b_object_setattr) {
  Value v = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  int off = self.t != V_NULL ? 0 : 1;
  if (a->n - off != 2 || a->v[off].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "__setattr__ expected 2 arguments");
  if (v.t == V_INST) {
    Dict *d = ((Inst *)OBJ(v))->attrs;
    if (dwR_tracing(I)) dwR_log_obj(I, &d->h);
    if (!dwV_dict_set(&I->c, d, VSTR(dwI_intern(I, STR(a->v[off])->s)), a->v[off + 1]))
      return dwI_raise_ctx(I);
    return dwV_none();
  }
  if (!dwI_setattr(I, v, dwI_intern(I, STR(a->v[off])->s), a->v[off + 1])) return dwV_null();
  return dwV_none();
}

static const BuiltinDef object_methods[] = {
    {"object.__init__", b_object_init, TK_PURE, 0, 0},
    {"object.__repr__", b_object_repr, TK_PURE, 0, 0},
    {"object.__str__", b_object_str, TK_PURE, 0, 0},
    {"object.__eq__", b_object_eq, TK_PURE, 0, 0},
    {"object.__ne__", b_object_eq, TK_PURE, 1, 0},
    {"object.__hash__", b_object_hash, TK_PURE, 0, 0},
    {"object.__setattr__", b_object_setattr, TK_MUTATE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* BaseException.__init__ / __str__ (on the builtin exception classes, for
 * super().__init__(msg) in user exception classes) */
BI(b_exc_init) {
  Value e = self;
  Args rest = *a;
  if (e.t == V_NULL) {
    if (a->n < 1)
      return dwI_raise(I, EXC_TypeError, "descriptor '__init__' of 'BaseException' object needs an argument");
    e = a->v[0];
    rest.n--;
    rest.v++;
  }
  if (rest.nkw) return dwI_raise(I, EXC_TypeError, "%s() takes no keyword arguments", dwV_type_name(e));
  if (!dwI_exc_init(I, e, &rest)) return dwV_null();
  return dwV_none();
}

BI(b_exc_str) {
  Value e = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  if (e.t != V_EXC) return dwI_raise(I, EXC_TypeError, "descriptor '__str__' requires a 'BaseException' object");
  Exc *x = (Exc *)OBJ(e);
  return str_new(I, x->msg ? x->msg->s : "", x->msg ? x->msg->len : 0);
}

static const BuiltinDef exc_methods[] = {
    {"BaseException.__init__", b_exc_init, TK_PURE, 0, 0},
    {"BaseException.__str__", b_exc_str, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef builtin_defs[] = {
    {"property", b_property2, TK_PURE, 0, dwV_type_doc}, {"staticmethod", b_staticmethod, TK_PURE, 0, dwV_type_doc},
    {"classmethod", b_classmethod, TK_PURE, 0, dwV_type_doc},
    {"print", b_print, TK_UNSUPPORTED, 0, 0}, {"len", b_len, TK_PURE, 0, 0},
    {"range", b_range, TK_PURE, 0, dwV_type_doc}, {"enumerate", b_enumerate, TK_PURE, 0, dwV_type_doc},
    {"zip", b_zip, TK_PURE, 0, dwV_type_doc}, {"map", b_map, TK_PURE, 0, dwV_type_doc},
    {"filter", b_filter, TK_PURE, 0, dwV_type_doc}, {"min", b_min, TK_PURE, 0, 0},
    {"max", b_max, TK_PURE, 0, 0}, {"sum", b_sum, TK_PURE, 0, 0},
    {"abs", b_abs, TK_PURE, 0, 0}, {"round", b_round, TK_PURE, 0, 0},
    {"int", b_int, TK_PURE, 0, dwV_type_doc}, {"float", b_float, TK_PURE, 0, dwV_type_doc},
    {"bool", b_bool, TK_PURE, 0, dwV_type_doc}, {"str", b_str, TK_PURE, 0, dwV_type_doc},
    {"repr", b_repr, TK_PURE, 0, 0}, {"format", b_format, TK_PURE, 0, 0},
    {"list", b_list, TK_PURE, 0, dwV_type_doc}, {"tuple", b_tuple, TK_PURE, 0, dwV_type_doc},
    {"dict", b_dict, TK_PURE, 0, dwV_type_doc}, {"set", b_set, TK_PURE, 0, dwV_type_doc},
    {"isinstance", b_isinstance, TK_PURE, 0, 0}, {"issubclass", b_issubclass, TK_PURE, 0, 0},
    {"sorted", b_sorted, TK_PURE, 0, 0}, {"reversed", b_reversed, TK_PURE, 0, dwV_type_doc},
    {"any", b_any, TK_PURE, 0, 0}, {"all", b_all, TK_PURE, 0, 0},
    {"hasattr", b_hasattr, TK_PURE, 0, 0}, {"getattr", b_getattr, TK_PURE, 0, 0},
    {"setattr", b_setattr, TK_MUTATE, 0, 0}, {"divmod", b_divmod, TK_PURE, 0, 0},
    {"pow", b_pow, TK_PURE, 0, 0}, {"chr", b_chr, TK_PURE, 0, 0},
    {"ord", b_ord, TK_PURE, 0, 0}, {"callable", b_callable, TK_PURE, 0, 0},
    {"iter", b_iter, TK_PURE, 0, 0}, {"next", b_next, TK_PURE, 0, 0},
    {"id", b_id, TK_PURE, 0, 0}, {"hash", b_hash, TK_PURE, 0, 0},
    {"hex", b_hex, TK_PURE, 0, 0}, {"oct", b_oct, TK_PURE, 0, 0},
    {"bin", b_bin, TK_PURE, 0, 0}, {"ascii", b_ascii, TK_PURE, 0, 0},
    {"input", b_input, TK_UNSUPPORTED, 0, 0}, {"type", b_type, TK_PURE, 0, dwV_type_doc},
    {"super", b_super, TK_PURE, 0, dwV_type_doc}, {NULL, NULL, 0, 0, 0}};

static const BuiltinDef math_defs[] = {
    {"math.sqrt", b_math1, TK_PURE, 0, 0}, {"math.exp", b_math1, TK_PURE, 1, 0},
    {"math.log2", b_math1, TK_PURE, 3, 0}, {"math.log10", b_math1, TK_PURE, 4, 0},
    {"math.sin", b_math1, TK_PURE, 5, 0}, {"math.cos", b_math1, TK_PURE, 6, 0},
    {"math.tan", b_math1, TK_PURE, 7, 0}, {"math.tanh", b_math1, TK_PURE, 8, 0},
    {"math.asin", b_math1, TK_PURE, 9, 0}, {"math.acos", b_math1, TK_PURE, 10, 0},
    {"math.atan", b_math1, TK_PURE, 11, 0}, {"math.fabs", b_math1, TK_PURE, 12, 0},
    {"math.erf", b_math1, TK_PURE, 13, 0}, {"math.expm1", b_math1, TK_PURE, 14, 0},
    {"math.log1p", b_math1, TK_PURE, 15, 0}, {"math.floor", b_math1, TK_PURE, 16, 0},
    {"math.ceil", b_math1, TK_PURE, 17, 0}, {"math.trunc", b_math1, TK_PURE, 18, 0},
    {"math.isnan", b_math1, TK_PURE, 19, 0}, {"math.isinf", b_math1, TK_PURE, 20, 0},
    {"math.isfinite", b_math1, TK_PURE, 21, 0}, {"math.degrees", b_math1, TK_PURE, 22, 0},
    {"math.radians", b_math1, TK_PURE, 23, 0}, {"math.sinh", b_math1, TK_PURE, 24, 0},
    {"math.cosh", b_math1, TK_PURE, 25, 0}, {"math.factorial", b_math1, TK_PURE, 26, 0},
    {"math.pow", b_math2, TK_PURE, 0, 0}, {"math.atan2", b_math2, TK_PURE, 1, 0},
    {"math.hypot", b_math2, TK_PURE, 2, 0}, {"math.copysign", b_math2, TK_PURE, 3, 0},
    {"math.fmod", b_math2, TK_PURE, 4, 0}, {"math.log", b_math2, TK_PURE, 5, 0},
    {"math.gcd", b_math2, TK_PURE, 6, 0}, {"math.isclose", b_math2, TK_PURE, 8, 0},
    {"math.lcm", b_math2, TK_PURE, 7, 0}, {"math.perm", b_math2, TK_PURE, 9, 0},
    {"math.comb", b_math2, TK_PURE, 10, 0}, {"math.ldexp", b_math2, TK_PURE, 11, 0},
    {"math.dist", b_math2, TK_PURE, 12, 0}, {"math.remainder", b_math2, TK_PURE, 13, 0},
    {"math.isqrt", b_math1, TK_PURE, 27, 0}, {"math.modf", b_math1, TK_PURE, 28, 0},
    {"math.frexp", b_math1, TK_PURE, 29, 0}, {"math.gamma", b_math1, TK_PURE, 30, 0},
    {"math.lgamma", b_math1, TK_PURE, 31, 0}, {"math.atanh", b_math1, TK_PURE, 32, 0},
    {"math.asinh", b_math1, TK_PURE, 33, 0}, {"math.acosh", b_math1, TK_PURE, 34, 0},
    {"math.erfc", b_math1, TK_PURE, 35, 0}, {"math.cbrt", b_math1, TK_PURE, 36, 0},
    {"math.exp2", b_math1, TK_PURE, 37, 0},
    {"math.fsum", b_fsum, TK_PURE, 0, 0}, {"math.prod", b_prod, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef time_defs[] = {
    {"time.perf_counter", b_time, TK_UNSUPPORTED, 0, 0},
    {"time.time", b_time, TK_UNSUPPORTED, 1, 0},
    {"time.monotonic", b_time, TK_UNSUPPORTED, 0, 0},
    {"time.sleep", b_sleep, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

Value dwL_new_builtin(Interp *I, const BuiltinDef *d) {
  Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
  if (!b) return dwV_null();
  b->def = d;
  b->self = b->extra = dwV_null();
  return dwV_obj(&b->h);
}

/* Adds every def of a table to a dict under the name after the last dot. */
bool dwL_add_defs(Interp *I, Dict *d, const BuiltinDef *tab) {
  for (const BuiltinDef *def = tab; def->name; def++) {
    Value v = dwL_new_builtin(I, def);
    if (v.t == V_NULL) return false;
    const char *n = strrchr(def->name, '.');
    Str *key = dwI_intern(I, n ? n + 1 : def->name);
    bool ok = key && dwV_dict_set(&I->c, d, VSTR(key), v);
    dwV_decref(&I->c, v);
    if (!ok) return false;
  }
  return true;
}

Module *dwL_module(Interp *I, const char *name) {
  Module *m = (Module *)dwV_alloc(&I->c, V_MODULE, sizeof(Module));
  if (!m) return NULL;
  m->name = dwI_intern(I, name);
  dwV_incref_o(&m->name->h);
  m->attrs = dwV_dict(&I->c);
  if (!m->attrs) return NULL;
  Str *key = dwI_intern(I, name);
  dwV_dict_set(&I->c, I->modules, VSTR(key), dwV_obj(&m->h));
  dwV_decref_o(&I->c, &m->h); /* the registry keeps it */
  return m;
}

bool dwL_set(Interp *I, Dict *d, const char *name, Value v) {
  Str *key = dwI_intern(I, name);
  return key && dwV_dict_set(&I->c, d, VSTR(key), v);
}

bool dwL_init(Interp *I) {
  I->builtins = dwV_dict(&I->c);
  I->modules = dwV_dict(&I->c);
  if (!I->builtins || !I->modules) return false;
  if (!dwL_add_defs(I, I->builtins, builtin_defs)) return false;
  /* builtin types without a builtin name (type(None), ...) */
  for (const BuiltinDef *d = type_defs; d->name; d++) {
    char key[64];
    snprintf(key, sizeof key, "__type_%s", d->name);
    Value v = dwL_new_builtin(I, d);
    if (v.t == V_NULL || !dwL_set(I, I->builtins, key, v)) return false;
    dwV_decref(&I->c, v);
  }
  /* object */
  {
    Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
    if (!c) return false;
    c->name = dwI_intern(I, "object");
    dwV_incref_o(&c->name->h);
    c->builtin_base = -1;
    c->cflags = CLS_BUILTIN | CLS_OBJECT;
    c->ns = dwV_dict(&I->c);
    bool ok = c->ns && dwL_add_defs(I, c->ns, object_methods) &&
              dwL_set(I, I->builtins, "object", dwV_obj(&c->h));
    dwV_decref_o(&I->c, &c->h);
    if (!ok) return false;
  }
  /* NotImplemented */
  {
    Opaque *ni = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
    if (!ni) return false;
    ni->kind = 7;
    I->not_implemented = dwV_obj(&ni->h);
    dwL_set(I, I->builtins, "NotImplemented", I->not_implemented);
    dwV_decref_o(&I->c, &ni->h); /* the builtins keep it */
  }
  /* exception classes */
  for (int t = 0; t < EXC_COUNT; t++) {
    Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
    if (!c) return false;
    c->name = dwI_intern(I, dwV_exc_names[t]);
    dwV_incref_o(&c->name->h);
    c->builtin_base = t;
    c->cflags = CLS_BUILTIN | CLS_EXCEPTION;
    c->ns = dwV_dict(&I->c);
    bool ok = c->ns && dwL_add_defs(I, c->ns, exc_methods) &&
              dwL_set(I, I->builtins, dwV_exc_names[t], dwV_obj(&c->h));
    dwV_decref_o(&I->c, &c->h);
    if (!ok) return false;
  }
  Opaque *el = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
  if (!el) return false;
  el->kind = 5;
  I->ellipsis = dwV_obj(&el->h);
  dwL_set(I, I->builtins, "Ellipsis", I->ellipsis);
  /* math, time */
  Module *math = dwL_module(I, "math");
  Module *tm = dwL_module(I, "time");
  if (!math || !tm || !dwL_add_defs(I, math->attrs, math_defs) ||
      !dwL_add_defs(I, tm->attrs, time_defs))
    return false;
  Module *sys = dwL_module(I, "sys");
  if (!sys || !dwL_add_defs(I, sys->attrs, sys_defs)) return false;
  for (int k = 0; k < 2; k++) {
    Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
    if (!o) return false;
    o->kind = k ? 4 : 6; /* 4: stderr, 6: stdout (print(file=...)) */
    dwL_set(I, sys->attrs, k ? "stderr" : "stdout", dwV_obj(&o->h));
    dwV_decref_o(&I->c, &o->h);
  }
  dwL_set(I, sys->attrs, "maxsize", dwV_int(INT64_MAX));
  dwL_set(I, math->attrs, "pi", dwV_float(M_PI));
  dwL_set(I, math->attrs, "e", dwV_float(M_E));
  dwL_set(I, math->attrs, "tau", dwV_float(2 * M_PI));
  dwL_set(I, math->attrs, "inf", dwV_float(INFINITY));
  dwL_set(I, math->attrs, "nan", dwV_float(NAN));
  return dwL_operator_init(I) && dwL_torch_init(I);
}

Value dwL_builtin(Interp *I, const char *name) {
  if (!I->builtins) return dwV_null();
  Str *key = dwV_str(&I->c, name, strlen(name));
  if (!key) return dwV_null();
  Value v = dwV_dict_get(I->builtins, VSTR(key));
  dwV_decref_o(&I->c, &key->h);
  dwV_incref(v);
  return v;
}

Value dwL_import(Interp *I, const char *dotted) {
  Str *key = dwV_str(&I->c, dotted, strlen(dotted));
  if (!key) return dwI_raise_ctx(I);
  Value v = dwV_dict_get(I->modules, VSTR(key));
  dwV_decref_o(&I->c, &key->h);
  if (v.t == V_NULL && dwD_missing_module(I, dotted)) return dwV_null();
  if (v.t == V_NULL)
    return dwI_raise(I, EXC_ModuleNotFoundError,
                     "No module named '%s' (dynawasm provides torch, math, time, sys and operator)",
                     dotted);
  dwV_incref(v);
  return v;
}
