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

static bool fake_check(Interp *I, Value v) {
  if (v.t == V_TENSOR && !((Tensor *)OBJ(v))->st) {
    if (dwR_tracing(I))
      dwR_break(I, BR_DATA_DEPENDENT,
                "Converting a traced tensor to a string needs its values");
    else
      dwI_raise(I, EXC_InternalTorchDynamoError,
                "a traced tensor escaped its graph");
    return false;
  }
  return true;
}

/* repr(v), calling __repr__ of user classes */
bool dwL_repr_value(Interp *I, Buf *b, Value v) {
  if (!fake_check(I, v)) return false;
  Value m = user_method(I, v, "__repr__");
  if (m.t != V_NULL) {
    Value r = dwI_call0(I, m, 1, &v);
    if (r.t == V_NULL) return false;
    if (r.t != V_STR) {
      dwV_decref(&I->c, r);
      dwI_raise(I, EXC_TypeError, "__repr__ returned non-string");
      return false;
    }
    dwB_putn(b, STR(r)->s, STR(r)->len);
    dwV_decref(&I->c, r);
    return true;
  }
  if (v.t == V_LIST || v.t == V_TUPLE) {
    /* elements may be user objects */
    bool list = v.t == V_LIST;
    int64_t n = list ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
    if (!list && OBJ(v)->flags != TUP_PLAIN) {
      dwV_repr(b, v);
      return true;
    }
    dwB_putc(b, list ? '[' : '(');
    for (int64_t k = 0; k < n; k++) {
      Value *items = list ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
      if (k) dwB_puts(b, ", ");
      if (!dwL_repr_value(I, b, items[k])) return false;
    }
    if (!list && n == 1) dwB_putc(b, ',');
    dwB_putc(b, list ? ']' : ')');
    return true;
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
  char fill, align, sign, type;
  bool alt, zero, grouping_comma, grouping_under;
  int width, prec;
} Spec;

static bool parse_spec(Interp *I, const char *s, size_t n, Spec *sp) {
  memset(sp, 0, sizeof *sp);
  sp->fill = ' ';
  sp->prec = -1;
  size_t i = 0;
  if (n >= 2 && strchr("<>^=", s[1])) {
    sp->fill = s[0];
    sp->align = s[1];
    i = 2;
  } else if (n >= 1 && strchr("<>^=", s[0])) {
    sp->align = s[0];
    i = 1;
  }
  if (i < n && strchr("+- ", s[i])) sp->sign = s[i++];
  if (i < n && s[i] == 'z') i++;
  if (i < n && s[i] == '#') {
    sp->alt = true;
    i++;
  }
  if (i < n && s[i] == '0') {
    sp->zero = true;
    i++;
  }
  while (i < n && isdigit((unsigned char)s[i])) sp->width = sp->width * 10 + (s[i++] - '0');
  if (i < n && s[i] == ',') {
    sp->grouping_comma = true;
    i++;
  } else if (i < n && s[i] == '_') {
    sp->grouping_under = true;
    i++;
  }
  if (i < n && s[i] == '.') {
    i++;
    sp->prec = 0;
    if (i >= n || !isdigit((unsigned char)s[i])) {
      dwI_raise(I, EXC_ValueError, "Format specifier missing precision");
      return false;
    }
    while (i < n && isdigit((unsigned char)s[i])) sp->prec = sp->prec * 10 + (s[i++] - '0');
  }
  if (i < n) sp->type = s[i++];
  if (i != n) {
    dwI_raise(I, EXC_ValueError, "Invalid format specifier '%.*s'", (int)n, s);
    return false;
  }
  return true;
}

static void group_digits(Buf *out, const char *digits, size_t n, char sep) {
  size_t lead = n % 3;
  if (lead == 0) lead = 3;
  dwB_putn(out, digits, lead > n ? n : lead);
  for (size_t k = lead; k < n; k += 3) {
    dwB_putc(out, sep);
    dwB_putn(out, digits + k, 3);
  }
}

/* pads `body` (sign separate for '=' alignment) to the spec's width */
static void pad(Buf *b, const Spec *sp, const char *sign, const char *body,
                bool numeric) {
  size_t len = strlen(sign) + strlen(body);
  char align = sp->align ? sp->align : (numeric ? '>' : '<');
  char fill = sp->fill;
  if (sp->zero && !sp->align) {
    align = '=';
    fill = '0';
  }
  size_t w = (size_t)sp->width;
  size_t padn = w > len ? w - len : 0;
  if (align == '=') {
    dwB_puts(b, sign);
    for (size_t k = 0; k < padn; k++) dwB_putc(b, fill);
    dwB_puts(b, body);
    return;
  }
  size_t left = align == '>' ? padn : align == '^' ? padn / 2 : 0;
  size_t right = padn - left;
  for (size_t k = 0; k < left; k++) dwB_putc(b, fill);
  dwB_puts(b, sign);
  dwB_puts(b, body);
  for (size_t k = 0; k < right; k++) dwB_putc(b, fill);
}

static void fmt_float_spec(Buf *body, double x, const Spec *sp, char type) {
  int prec = sp->prec < 0 ? 6 : sp->prec;
  char fmtc = type;
  char tmp[512];
  double ax = fabs(x);
  if (isinf(ax) || isnan(ax)) {
    const char *s = isnan(ax) ? "nan" : "inf";
    if (type == 'E' || type == 'F' || type == 'G') s = isnan(ax) ? "NAN" : "INF";
    dwB_puts(body, s);
    return;
  }
  if (type == '%') {
    ax *= 100;
    fmtc = 'f';
  }
  if (type == 0) {
    if (sp->prec < 0) {
      Buf r = {0};
      dwT_fmt_float(&r, ax);
      dwB_puts(body, r.p ? r.p : "");
      dwB_free(&r);
      return;
    }
    fmtc = 'g';
    if (prec == 0) prec = 1;
  }
  if (fmtc == 'n') fmtc = 'g';
  char f[16];
  snprintf(f, sizeof f, "%%%s.%d%c", sp->alt ? "#" : "", prec, fmtc);
  snprintf(tmp, sizeof tmp, f, ax);
  if (type == 0 && !strchr(tmp, '.') && !strchr(tmp, 'e') && !strchr(tmp, 'E')) {
    size_t l = strlen(tmp);
    if (l + 2 < sizeof tmp) strcat(tmp, ".0");
  }
  if ((sp->grouping_comma || sp->grouping_under) && (fmtc == 'f' || fmtc == 'F')) {
    char *dot = strchr(tmp, '.');
    size_t ilen = dot ? (size_t)(dot - tmp) : strlen(tmp);
    group_digits(body, tmp, ilen, sp->grouping_comma ? ',' : '_');
    dwB_puts(body, tmp + ilen);
  } else {
    dwB_puts(body, tmp);
  }
  if (type == '%') dwB_putc(body, '%');
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
  if (v.t == V_INST) {
    Value m = user_method(I, v, "__format__");
    if (m.t != V_NULL) {
      Str *empty = spec ? spec : dwV_str(&I->c, "", 0);
      Value args[2] = {v, VSTR(empty)};
      Value r = dwI_call0(I, m, 2, args);
      if (!spec) dwV_decref_o(&I->c, &empty->h);
      if (r.t == V_NULL) return false;
      dwL_str_value(I, b, r);
      dwV_decref(&I->c, r);
      return true;
    }
  }
  if (!spec || spec->len == 0) return dwL_str_value(I, b, v);
  Spec sp;
  if (!parse_spec(I, spec->s, spec->len, &sp)) return false;
  Buf body = {0};
  const char *sign = "";
  bool numeric = v.t == V_INT || v.t == V_FLOAT || v.t == V_BOOL;
  if (v.t == V_INT || (v.t == V_BOOL && sp.type && sp.type != 's')) {
    int64_t x = v.u.i;
    char t = sp.type;
    if (t == 'e' || t == 'E' || t == 'f' || t == 'F' || t == 'g' || t == 'G' || t == '%') {
      double d = (double)x;
      sign = d < 0 ? "-" : sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
      fmt_float_spec(&body, d, &sp, t);
    } else if (t == 0 || t == 'd' || t == 'n' || t == 'x' || t == 'X' || t == 'o' ||
               t == 'b' || t == 'c') {
      if (sp.prec >= 0) {
        dwB_free(&body);
        dwI_raise(I, EXC_ValueError, "Precision not allowed in integer format specifier");
        return false;
      }
      if (t == 'c') {
        dwB_putc(&body, (char)x);
      } else {
        uint64_t ux = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
        char digits[80];
        int base = t == 'x' || t == 'X' ? 16 : t == 'o' ? 8 : t == 'b' ? 2 : 10;
        int nd = 0;
        do {
          int d = (int)(ux % (uint64_t)base);
          digits[nd++] = (char)(d < 10 ? '0' + d : (t == 'X' ? 'A' : 'a') + d - 10);
          ux /= (uint64_t)base;
        } while (ux);
        char rev[80];
        for (int k = 0; k < nd; k++) rev[k] = digits[nd - 1 - k];
        rev[nd] = 0;
        sign = x < 0 ? "-" : sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
        if (sp.alt && base != 10) dwB_puts(&body, base == 16 ? (t == 'X' ? "0X" : "0x") : base == 8 ? "0o" : "0b");
        if (sp.grouping_comma || sp.grouping_under)
          group_digits(&body, rev, (size_t)nd, sp.grouping_comma ? ',' : '_');
        else
          dwB_puts(&body, rev);
      }
    } else {
      dwB_free(&body);
      dwI_raise(I, EXC_ValueError, "Unknown format code '%c' for object of type 'int'", t);
      return false;
    }
  } else if (v.t == V_FLOAT) {
    char t = sp.type;
    if (t && !strchr("eEfFgGn%", t)) {
      dwB_free(&body);
      dwI_raise(I, EXC_ValueError, "Unknown format code '%c' for object of type 'float'", t);
      return false;
    }
    double d = v.u.f;
    sign = (d < 0 || (d == 0 && signbit(d))) ? "-" : sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
    if (isnan(d)) sign = sp.sign == '+' ? "+" : "";
    fmt_float_spec(&body, d, &sp, t);
  } else {
    if (sp.type && sp.type != 's') {
      dwB_free(&body);
      dwI_raise(I, EXC_ValueError, "Unknown format code '%c' for object of type '%s'",
                sp.type, dwV_type_name(v));
      return false;
    }
    Buf s = {0};
    if (!dwL_str_value(I, &s, v)) {
      dwB_free(&body);
      return false;
    }
    size_t len = s.len;
    if (sp.prec >= 0 && (size_t)sp.prec < len) len = (size_t)sp.prec;
    dwB_putn(&body, s.p ? s.p : "", len);
    dwB_free(&s);
    numeric = false;
  }
  pad(b, &sp, sign, body.p ? body.p : "", numeric);
  dwB_free(&body);
  return true;
}

/* "..." % args */
Value dwL_str_percent(Interp *I, Str *fmt, Value args) {
  Value *items = &args;
  int64_t n = 1;
  if (args.t == V_TUPLE) {
    items = ((Tuple *)OBJ(args))->items;
    n = ((Tuple *)OBJ(args))->len;
  }
  int64_t used = 0;
  Buf b = {0};
  for (size_t i = 0; i < fmt->len; i++) {
    char c = fmt->s[i];
    if (c != '%') {
      dwB_putc(&b, c);
      continue;
    }
    if (++i >= fmt->len) {
      dwB_free(&b);
      return dwI_raise(I, EXC_ValueError, "incomplete format");
    }
    if (fmt->s[i] == '%') {
      dwB_putc(&b, '%');
      continue;
    }
    char spec[64];
    int sl = 0;
    while (i < fmt->len && strchr("-+ #0123456789.", fmt->s[i]) && sl < 60) spec[sl++] = fmt->s[i++];
    spec[sl] = 0;
    if (i >= fmt->len) {
      dwB_free(&b);
      return dwI_raise(I, EXC_ValueError, "incomplete format");
    }
    char conv = fmt->s[i];
    if (used >= n) {
      dwB_free(&b);
      return dwI_raise(I, EXC_TypeError, "not enough arguments for format string");
    }
    Value v = items[used++];
    char f[80], out[512];
    if (conv == 's' || conv == 'r') {
      Buf s = {0};
      bool ok = conv == 's' ? dwL_str_value(I, &s, v) : dwL_repr_value(I, &s, v);
      if (!ok) {
        dwB_free(&b);
        return dwV_null();
      }
      snprintf(f, sizeof f, "%%%ss", spec);
      Buf t = {0};
      dwB_printf(&t, f, s.p ? s.p : "");
      dwB_puts(&b, t.p ? t.p : "");
      dwB_free(&t);
      dwB_free(&s);
    } else if (strchr("dixXo", conv)) {
      double d;
      if (!dwL_float(I, v, "%d format", &d)) {
        dwB_free(&b);
        return dwV_null();
      }
      snprintf(f, sizeof f, "%%%sll%c", spec, conv == 'i' ? 'd' : conv);
      snprintf(out, sizeof out, f, (long long)d);
      dwB_puts(&b, out);
    } else if (strchr("eEfFgG", conv)) {
      double d;
      if (!dwL_float(I, v, "must be real number", &d)) {
        dwB_free(&b);
        return dwV_null();
      }
      snprintf(f, sizeof f, "%%%s%c", spec, conv);
      snprintf(out, sizeof out, f, d);
      dwB_puts(&b, out);
    } else {
      dwB_free(&b);
      return dwI_raise(I, EXC_ValueError, "unsupported format character '%c'", conv);
    }
  }
  if (used < n && args.t == V_TUPLE) {
    dwB_free(&b);
    return dwI_raise(I, EXC_TypeError,
                     "not all arguments converted during string formatting");
  }
  Str *r = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return r ? VSTR(r) : dwI_raise_ctx(I);
}

/* str.format */
static Value str_format(Interp *I, Str *fmt, Args *a) {
  Buf b = {0};
  int autoidx = 0;
  for (size_t i = 0; i < fmt->len; i++) {
    char c = fmt->s[i];
    if (c == '}' ) {
      if (i + 1 < fmt->len && fmt->s[i + 1] == '}') i++;
      dwB_putc(&b, '}');
      continue;
    }
    if (c != '{') {
      dwB_putc(&b, c);
      continue;
    }
    if (i + 1 < fmt->len && fmt->s[i + 1] == '{') {
      dwB_putc(&b, '{');
      i++;
      continue;
    }
    size_t j = i + 1;
    int depth = 1;
    while (j < fmt->len && depth) {
      if (fmt->s[j] == '{') depth++;
      else if (fmt->s[j] == '}') depth--;
      if (depth) j++;
    }
    if (j >= fmt->len) {
      dwB_free(&b);
      return dwI_raise(I, EXC_ValueError, "expected '}' before end of string");
    }
    /* field: name[!conv][:spec] */
    const char *f = fmt->s + i + 1;
    size_t flen = j - i - 1;
    size_t nlen = 0;
    while (nlen < flen && f[nlen] != '!' && f[nlen] != ':') nlen++;
    char conv = 0;
    size_t p = nlen;
    if (p < flen && f[p] == '!') {
      conv = p + 1 < flen ? f[p + 1] : 0;
      p += 2;
    }
    const char *spec = "";
    size_t speclen = 0;
    if (p < flen && f[p] == ':') {
      spec = f + p + 1;
      speclen = flen - p - 1;
    }
    Value v = dwV_null();
    if (nlen == 0) {
      if (autoidx >= a->n) {
        dwB_free(&b);
        return dwI_raise(I, EXC_IndexError,
                         "Replacement index %d out of range for positional args tuple",
                         autoidx);
      }
      v = a->v[autoidx++];
    } else if (isdigit((unsigned char)f[0])) {
      int idx = atoi(f);
      if (idx >= a->n) {
        dwB_free(&b);
        return dwI_raise(I, EXC_IndexError,
                         "Replacement index %d out of range for positional args tuple", idx);
      }
      v = a->v[idx];
    } else {
      for (int k = 0; k < a->nkw; k++)
        if (strlen(a->kw[k].name->s) == nlen && !memcmp(a->kw[k].name->s, f, nlen))
          v = a->kw[k].v;
      if (v.t == V_NULL) {
        dwB_free(&b);
        return dwI_raise(I, EXC_KeyError, "'%.*s'", (int)nlen, f);
      }
    }
    Str *sp = dwV_str(&I->c, spec, speclen);
    bool ok = sp != NULL;
    if (ok && conv == 'r') {
      Buf r = {0};
      ok = dwL_repr_value(I, &r, v);
      Str *rs = ok ? dwV_str(&I->c, r.p ? r.p : "", r.len) : NULL;
      dwB_free(&r);
      if (rs) {
        ok = dwL_format(I, &b, VSTR(rs), sp);
        dwV_decref_o(&I->c, &rs->h);
      }
    } else if (ok) {
      ok = dwL_format(I, &b, v, sp);
    }
    if (sp) dwV_decref_o(&I->c, &sp->h);
    if (!ok) {
      dwB_free(&b);
      return dwV_null();
    }
    i = j;
  }
  Str *r = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return r ? VSTR(r) : dwI_raise_ctx(I);
}

bool dwL_deep_eq(Value a, Value b) {
  if (a.t != b.t) return dwV_eq(a, b);
  if (a.t == V_LIST) {
    List *x = (List *)OBJ(a), *y = (List *)OBJ(b);
    if (x->len != y->len) return false;
    for (int64_t k = 0; k < x->len; k++)
      if (!dwL_deep_eq(x->items[k], y->items[k])) return false;
    return true;
  }
  if (a.t == V_TUPLE) {
    Tuple *x = (Tuple *)OBJ(a), *y = (Tuple *)OBJ(b);
    if (x->len != y->len) return false;
    for (int64_t k = 0; k < x->len; k++)
      if (!dwL_deep_eq(x->items[k], y->items[k])) return false;
    return true;
  }
  if (a.t == V_DICT) {
    Dict *x = (Dict *)OBJ(a), *y = (Dict *)OBJ(b);
    if (x->len != y->len) return false;
    for (int64_t k = 0; k < x->nent; k++) {
      if (!x->ent[k].used) continue;
      Value v = dwV_dict_get(y, x->ent[k].key);
      if (v.t == V_NULL || !dwL_deep_eq(x->ent[k].val, v)) return false;
    }
    return true;
  }
  return dwV_eq(a, b);
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
      if ((lo) == (hi))                                                      \
        return dwI_raise(I, EXC_TypeError, "%s() takes exactly %d argument%s (%d given)", \
                         fname, lo, (lo) == 1 ? "" : "s", a->n);              \
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
  case V_STR: return (int64_t)STR(v)->len;
  case V_LIST: return ((List *)OBJ(v))->len;
  case V_TUPLE: return ((Tuple *)OBJ(v))->len;
  case V_DICT: return ((Dict *)OBJ(v))->len;
  case V_RANGE: {
    Range *r = (Range *)OBJ(v);
    if (r->step > 0) return r->start < r->stop ? (r->stop - r->start + r->step - 1) / r->step : 0;
    return r->start > r->stop ? (r->start - r->stop - r->step - 1) / (-r->step) : 0;
  }
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
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      break;
    }
    Value r = dwI_call0(I, m, 0, NULL);
    dwV_decref(&I->c, m);
    if (r.t == V_NULL) return -1;
    int64_t n = r.t == V_INT ? r.u.i : 0;
    dwV_decref(&I->c, r);
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
  if (a->n < 1 || a->n > 3)
    return dwI_raise(I, EXC_TypeError, "range expected at least 1 argument, got %d", a->n);
  int64_t v[3] = {0, 0, 1};
  for (int k = 0; k < a->n; k++)
    if (a->v[k].t != V_INT && a->v[k].t != V_BOOL)
      return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                       dwV_type_name(a->v[k]));
  if (a->n == 1) v[1] = a->v[0].u.i;
  else {
    v[0] = a->v[0].u.i;
    v[1] = a->v[1].u.i;
    if (a->n == 3) v[2] = a->v[2].u.i;
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
  if (a->n != 2) return dwI_raise(I, EXC_TypeError, "map() takes exactly 2 arguments in dynawasm");
  Value inner = dwI_iter(I, a->v[1]);
  if (inner.t == V_NULL) return inner;
  Iter *it = iter_obj(I, IT_MAP, a->v[0]);
  if (!it) {
    dwV_decref(&I->c, inner);
    return dwI_raise_ctx(I);
  }
  dwV_incref(a->v[0]);
  it->inner = calloc(1, sizeof(Value));
  if (!it->inner) {
    dwV_decref(&I->c, inner);
    dwV_decref_o(&I->c, &it->h);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  it->inner[0] = inner;
  it->ninner = 1;
  return dwV_obj(&it->h);
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
  NARGS("reversed", 1, 1);
  Value v = a->v[0];
  if (v.t == V_RANGE) {
    Range *r = (Range *)OBJ(v);
    int64_t n = dwL_len(I, v);
    Range *nr = (Range *)dwV_alloc(&I->c, V_RANGE, sizeof(Range));
    if (!nr) return dwI_raise_ctx(I);
    nr->start = r->start + (n - 1) * r->step;
    nr->stop = r->start - r->step;
    nr->step = -r->step;
    Value rv = dwV_obj(&nr->h);
    Value it = dwI_iter(I, rv);
    dwV_decref(&I->c, rv);
    return it;
  }
  List *l = v.t == V_LIST || v.t == V_TUPLE ? NULL : dwI_to_list(I, v);
  Value src = l ? dwV_obj(&l->h) : v;
  if (!l && v.t != V_LIST && v.t != V_TUPLE) return dwV_null();
  if (!l) dwV_incref(src);
  Iter *it = iter_obj(I, IT_REVERSED, src);
  if (!it) {
    dwV_decref(&I->c, src);
    return dwI_raise_ctx(I);
  }
  it->i = dwL_len(I, src) - 1;
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

typedef struct SumUD {
  Value acc;
} SumUD;

static bool sum_cb(Interp *I, Value v, void *ud) {
  SumUD *s = ud;
  Value r = dwI_binop(I, BIN_ADD, s->acc, v);
  if (r.t == V_NULL) return false;
  dwV_decref(&I->c, s->acc);
  s->acc = r;
  return true;
}

BI(b_sum) {
  Value o[2];
  if (!dwL_bind(I, "sum", dwV_null(), a, "iterable,start", o, 2)) return dwV_null();
  if (o[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "sum() takes at least 1 positional argument (0 given)");
  SumUD s = {o[1].t != V_NULL ? o[1] : dwV_int(0)};
  if (s.acc.t == V_STR)
    return dwI_raise(I, EXC_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
  dwV_incref(s.acc);
  if (!dwI_foreach(I, o[0], sum_cb, &s)) {
    dwV_decref(&I->c, s.acc);
    return dwV_null();
  }
  return s.acc;
}

BI(b_abs) {
  NARGS("abs", 1, 1);
  Value v = a->v[0];
  if (v.t == V_INT || v.t == V_BOOL) {
    if (v.u.i == INT64_MIN) return dwI_raise(I, EXC_OverflowError, "integer overflow");
    return dwV_int(v.u.i < 0 ? -v.u.i : v.u.i);
  }
  if (v.t == V_FLOAT) return dwV_float(fabs(v.u.f));
  if (v.t == V_TENSOR) return dwL_tensor_unary(I, 100 /* abs */, v);
  return dwI_raise(I, EXC_TypeError, "bad operand type for abs(): '%s'", dwV_type_name(v));
}

BI(b_round) {
  Value o[2];
  if (!dwL_bind(I, "round", dwV_null(), a, "number,ndigits", o, 2)) return dwV_null();
  Value v = o[0];
  if (v.t == V_TENSOR) {
    Value x = v;
    return dwL_tensor_round(I, x, o[1]);
  }
  if (v.t == V_INT || v.t == V_BOOL) return dwV_int(v.u.i);
  if (v.t != V_FLOAT)
    return dwI_raise(I, EXC_TypeError, "type %s doesn't define __round__ method", dwV_type_name(v));
  double x = v.u.f;
  if (o[1].t == V_NULL || o[1].t == V_NONE) {
    if (isnan(x)) return dwI_raise(I, EXC_ValueError, "cannot convert float NaN to integer");
    if (isinf(x)) return dwI_raise(I, EXC_OverflowError, "cannot convert float infinity to integer");
    double r = nearbyint(x); /* round half to even (default FE_TONEAREST) */
    if (fabs(r) >= 9.2e18) return dwI_raise(I, EXC_OverflowError, "integer overflow");
    return dwV_int((int64_t)r);
  }
  int64_t nd;
  if (!dwL_int(I, o[1], "ndigits", &nd)) return dwV_null();
  if (!isfinite(x)) return dwV_float(x);
  if (nd > 300) return dwV_float(x);
  if (nd < -300) return dwV_float(0.0 * x);
  char buf[512];
  if (nd >= 0) {
    snprintf(buf, sizeof buf, "%.*f", (int)nd, x);
    return dwV_float(strtod(buf, NULL));
  }
  double p = pow(10.0, (double)-nd);
  return dwV_float(nearbyint(x / p) * p);
}

static bool parse_int_str(Interp *I, Str *s, int base, int64_t *out) {
  const char *p = s->s, *e = s->s + s->len;
  while (p < e && isspace((unsigned char)*p)) p++;
  while (e > p && isspace((unsigned char)e[-1])) e--;
  bool neg = false;
  if (p < e && (*p == '+' || *p == '-')) neg = *p++ == '-';
  if (base == 0) {
    base = 10;
    if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) base = 16, p += 2;
    else if (e - p > 2 && p[0] == '0' && (p[1] == 'o' || p[1] == 'O')) base = 8, p += 2;
    else if (e - p > 2 && p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) base = 2, p += 2;
  } else if (base == 16 && e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    p += 2;
  }
  uint64_t v = 0;
  bool any = false, prev_us = true;
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
      dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
      return false;
    }
    v = v * (uint64_t)base + (uint64_t)d;
    any = true;
    prev_us = false;
  }
  if (!any || prev_us) goto bad;
  if (v > (uint64_t)INT64_MAX + (neg ? 1u : 0u)) {
    dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
    return false;
  }
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return true;
bad:;
  Buf r = {0};
  dwV_repr(&r, VSTR(s));
  dwI_raise(I, EXC_ValueError, "invalid literal for int() with base %d: %s", base,
            r.p ? r.p : "");
  dwB_free(&r);
  return false;
}

static Value scalar_of_tensor(Interp *I, Value v, const char *what) {
  Tensor *t = (Tensor *)OBJ(v);
  if (!t->st) {
    if (dwR_tracing(I))
      return dwR_break(I, BR_DATA_DEPENDENT,
                       "Data-dependent %s() of a traced tensor", what);
    return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
  }
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
  if (v.t == V_INT || v.t == V_BOOL) return dwV_int(v.u.i);
  if (v.t == V_FLOAT) {
    if (isnan(v.u.f)) return dwI_raise(I, EXC_ValueError, "cannot convert float NaN to integer");
    if (isinf(v.u.f)) return dwI_raise(I, EXC_OverflowError, "cannot convert float infinity to integer");
    if (fabs(v.u.f) >= 9.2e18) return dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
    return dwV_int((int64_t)v.u.f);
  }
  if (v.t == V_STR) {
    int64_t base = 10, r;
    if (o[1].t != V_NULL && !dwL_int(I, o[1], "base", &base)) return dwV_null();
    if (!parse_int_str(I, STR(v), (int)base, &r)) return dwV_null();
    return dwV_int(r);
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
  if (v.t == V_STR) {
    Str *s = STR(v);
    char buf[128];
    size_t n = s->len < sizeof buf - 1 ? s->len : sizeof buf - 1;
    size_t w = 0;
    for (size_t k = 0; k < n; k++)
      if (s->s[k] != '_') buf[w++] = s->s[k];
    buf[w] = 0;
    char *p = buf;
    while (isspace((unsigned char)*p)) p++;
    char *end;
    double d = strtod(p, &end);
    while (isspace((unsigned char)*end)) end++;
    if (end == p || *end || s->len >= sizeof buf - 1) {
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
  if (a->v[0].t == V_TENSOR && !((Tensor *)OBJ(a->v[0]))->st && dwR_tracing(I))
    return dwR_break(I, BR_DATA_DEPENDENT, "Data-dependent bool() of a traced tensor");
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
  if (!l) return dwV_null();
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

BI(b_pow) {
  NARGS("pow", 2, 2);
  return dwI_binop(I, BIN_POW, a->v[0], a->v[1]);
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
  NARGS("next", 1, 2);
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
  if (!dwV_hashable(a->v[0]))
    return dwI_raise(I, EXC_TypeError, "unhashable type: '%s'", dwV_type_name(a->v[0]));
  return dwV_int((int64_t)dwV_hash(a->v[0]));
}

BI(b_input) {
  return dwI_raise(I, EXC_RuntimeError, "input() is not available: programs run without a terminal");
}

BI(b_type) {
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
  const char *n = v.t == V_TENSOR ? "__tensor_type" : dwV_type_name(v);
  Value r = dwL_builtin(I, n);
  if (r.t == V_NULL) {
    Str *s = dwV_strf(&I->c, "<class '%s'>", dwV_type_name(v));
    return s ? VSTR(s) : dwI_raise_ctx(I);
  }
  return r;
}

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

static Value super_getattr(void *interp, void *p, const char *name) {
  Interp *I = interp;
  SuperObj *s = p;
  Str *nm = dwI_intern(I, name);
  Value v = dwI_class_lookup(s->start->base, nm);
  if (v.t == V_NULL) return dwV_null();
  if (v.t == V_FUNC || v.t == V_WRAP) {
    Bound *b = (Bound *)dwV_alloc(&I->c, V_BOUND, sizeof(Bound));
    if (!b) return dwI_raise_ctx(I);
    dwV_incref(b->self = s->self);
    dwV_incref(b->func = v);
    return dwV_obj(&b->h);
  }
  if (v.t == V_BUILTIN) {
    Builtin *bi = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
    if (!bi) return dwI_raise_ctx(I);
    bi->def = ((Builtin *)OBJ(v))->def;
    dwV_incref(bi->self = s->self);
    bi->extra = dwV_null();
    return dwV_obj(&bi->h);
  }
  dwV_incref(v);
  return v;
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
  if (!f->func->owner->base)
    return dwI_raise(I, EXC_AttributeError, "'super' object has no attribute");
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
/* Methods of str, list, dict, tuple                                   */
/* ------------------------------------------------------------------ */

static Value str_new(Interp *I, const char *p, size_t n) {
  Str *s = dwV_str(&I->c, p, n);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

static Value str_strip(Interp *I, Value self, Args *a, int which) {
  Str *s = STR(self);
  const char *chars = NULL;
  size_t nc = 0;
  if (a->n > 0 && a->v[0].t == V_STR) {
    chars = STR(a->v[0])->s;
    nc = STR(a->v[0])->len;
  }
  size_t b = 0, e = s->len;
#define STRIPPABLE(c) (chars ? memchr(chars, (c), nc) != NULL : is_ws(c))
  if (which & 1)
    while (b < e && STRIPPABLE(s->s[b])) b++;
  if (which & 2)
    while (e > b && STRIPPABLE(s->s[e - 1])) e--;
#undef STRIPPABLE
  return str_new(I, s->s + b, e - b);
}

BI(m_strip) { return str_strip(I, self, a, 3); }
BI(m_lstrip) { return str_strip(I, self, a, 1); }
BI(m_rstrip) { return str_strip(I, self, a, 2); }

static Value str_case(Interp *I, Value self, int mode) {
  Str *s = STR(self);
  Str *r = dwV_str(&I->c, s->s, s->len);
  if (!r) return dwI_raise_ctx(I);
  bool start = true;
  for (size_t k = 0; k < r->len; k++) {
    unsigned char c = (unsigned char)r->s[k];
    if (mode == 0) r->s[k] = (char)toupper(c);
    else if (mode == 1) r->s[k] = (char)tolower(c);
    else if (mode == 2) { /* title */
      r->s[k] = (char)(start ? toupper(c) : tolower(c));
      start = !isalpha(c);
    } else { /* capitalize */
      r->s[k] = (char)(k == 0 ? toupper(c) : tolower(c));
    }
  }
  return VSTR(r);
}

BI(m_upper) { return str_case(I, self, 0); }
BI(m_lower) { return str_case(I, self, 1); }
BI(m_title) { return str_case(I, self, 2); }
BI(m_capitalize) { return str_case(I, self, 3); }

BI(m_split) {
  Value o[3];
  if (!dwL_bind(I, "split", self, a, "self,sep,maxsplit", o, 3)) return dwV_null();
  Str *s = STR(self);
  int64_t maxsplit = -1;
  if (o[2].t != V_NULL && !dwL_int(I, o[2], "maxsplit", &maxsplit)) return dwV_null();
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  if (o[1].t == V_NULL || o[1].t == V_NONE) {
    size_t k = 0;
    while (k < s->len) {
      while (k < s->len && is_ws(s->s[k])) k++;
      if (k >= s->len) break;
      size_t b = k;
      if (maxsplit >= 0 && l->len >= maxsplit) {
        size_t e = s->len;
        while (e > b && is_ws(s->s[e - 1])) e--;
        k = e;
      } else {
        while (k < s->len && !is_ws(s->s[k])) k++;
      }
      Value part = str_new(I, s->s + b, k - b);
      if (part.t == V_NULL) break;
      dwV_list_append(&I->c, l, part);
      dwV_decref(&I->c, part);
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
  size_t b = 0;
  for (size_t k = 0; k + sep->len <= s->len;) {
    if ((maxsplit < 0 || l->len < maxsplit) && !memcmp(s->s + k, sep->s, sep->len)) {
      Value part = str_new(I, s->s + b, k - b);
      dwV_list_append(&I->c, l, part);
      dwV_decref(&I->c, part);
      k += sep->len;
      b = k;
    } else {
      k++;
    }
  }
  Value part = str_new(I, s->s + b, s->len - b);
  dwV_list_append(&I->c, l, part);
  dwV_decref(&I->c, part);
  return dwV_obj(&l->h);
}

BI(m_splitlines) {
  Str *s = STR(self);
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  size_t b = 0;
  for (size_t k = 0; k < s->len; k++) {
    if (s->s[k] == '\n') {
      Value part = str_new(I, s->s + b, k - b);
      dwV_list_append(&I->c, l, part);
      dwV_decref(&I->c, part);
      b = k + 1;
    }
  }
  if (b < s->len) {
    Value part = str_new(I, s->s + b, s->len - b);
    dwV_list_append(&I->c, l, part);
    dwV_decref(&I->c, part);
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
    return dwV_null();
  }
  return new_str(I, &j.b);
}

BI(m_replace) {
  NARGS("replace", 2, 3);
  if (a->v[0].t != V_STR || a->v[1].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "replace() arguments must be str");
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
        if (k < s->len) dwB_putc(&b, s->s[k]);
        k++;
      } else {
        k += old->len;
      }
    } else {
      if (k < s->len) dwB_putc(&b, s->s[k]);
      k++;
    }
  }
  return new_str(I, &b);
}

static bool affix_match(Str *s, Str *p, bool start) {
  if (p->len > s->len) return false;
  return !memcmp(start ? s->s : s->s + s->len - p->len, p->s, p->len);
}

static Value str_affix(Interp *I, Value self, Args *a, bool start) {
  NARGS(start ? "startswith" : "endswith", 1, 1);
  Value p = a->v[0];
  if (p.t == V_STR) return dwV_bool(affix_match(STR(self), STR(p), start));
  if (p.t == V_TUPLE) {
    Tuple *t = (Tuple *)OBJ(p);
    for (int64_t k = 0; k < t->len; k++)
      if (t->items[k].t == V_STR && affix_match(STR(self), STR(t->items[k]), start))
        return dwV_bool(true);
    return dwV_bool(false);
  }
  return dwI_raise(I, EXC_TypeError, "%s first arg must be str or a tuple of str, not %s",
                   start ? "startswith" : "endswith", dwV_type_name(p));
}

BI(m_startswith) { return str_affix(I, self, a, true); }
BI(m_endswith) { return str_affix(I, self, a, false); }

static int64_t str_find(Str *s, Str *sub, bool rev) {
  if (sub->len > s->len) return -1;
  if (rev) {
    for (int64_t k = (int64_t)(s->len - sub->len); k >= 0; k--)
      if (!memcmp(s->s + k, sub->s, sub->len)) return k;
  } else {
    for (size_t k = 0; k + sub->len <= s->len; k++)
      if (!memcmp(s->s + k, sub->s, sub->len)) return (int64_t)k;
  }
  return -1;
}

BI(m_find) {
  NARGS("find", 1, 1);
  if (a->v[0].t != V_STR) return dwI_raise(I, EXC_TypeError, "must be str, not %s", dwV_type_name(a->v[0]));
  return dwV_int(str_find(STR(self), STR(a->v[0]), def->data == 1));
}

BI(m_index_str) {
  NARGS("index", 1, 1);
  if (a->v[0].t != V_STR) return dwI_raise(I, EXC_TypeError, "must be str, not %s", dwV_type_name(a->v[0]));
  int64_t k = str_find(STR(self), STR(a->v[0]), false);
  if (k < 0) return dwI_raise(I, EXC_ValueError, "substring not found");
  return dwV_int(k);
}

BI(m_count_str) {
  NARGS("count", 1, 1);
  if (a->v[0].t != V_STR) return dwI_raise(I, EXC_TypeError, "must be str, not %s", dwV_type_name(a->v[0]));
  Str *s = STR(self), *sub = STR(a->v[0]);
  if (sub->len == 0) return dwV_int((int64_t)s->len + 1);
  int64_t n = 0;
  for (size_t k = 0; k + sub->len <= s->len;) {
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

static Value str_class(Interp *I, Value self, int (*pred)(int)) {
  Str *s = STR(self);
  if (!s->len) return dwV_bool(false);
  for (size_t k = 0; k < s->len; k++)
    if (!pred((unsigned char)s->s[k])) return dwV_bool(false);
  return dwV_bool(true);
}

BI(m_isdigit) { return str_class(I, self, isdigit); }
BI(m_isalpha) { return str_class(I, self, isalpha); }
BI(m_isalnum) { return str_class(I, self, isalnum); }
BI(m_isspace) { return str_class(I, self, isspace); }
BI(m_isupper) { return str_class(I, self, isupper); }
BI(m_islower) { return str_class(I, self, islower); }

static Value str_justify(Interp *I, Value self, Args *a, char how) {
  NARGS("ljust", 1, 2);
  int64_t w;
  if (!dwL_int(I, a->v[0], "width", &w)) return dwV_null();
  char fill = a->n == 2 && a->v[1].t == V_STR && STR(a->v[1])->len == 1 ? STR(a->v[1])->s[0] : ' ';
  Str *s = STR(self);
  Spec sp;
  memset(&sp, 0, sizeof sp);
  sp.fill = fill;
  sp.align = how;
  sp.width = w > 100000 ? 100000 : (int)w;
  Buf b = {0};
  char *tmp = malloc(s->len + 1);
  if (!tmp) return dwI_raise(I, EXC_MemoryError, "out of memory");
  memcpy(tmp, s->s, s->len);
  tmp[s->len] = 0;
  pad(&b, &sp, "", tmp, false);
  free(tmp);
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
  Buf b = {0};
  size_t start = 0;
  if (s->len && (s->s[0] == '-' || s->s[0] == '+')) {
    dwB_putc(&b, s->s[0]);
    start = 1;
  }
  for (int64_t k = (int64_t)s->len; k < w; k++) dwB_putc(&b, '0');
  dwB_putn(&b, s->s + start, s->len - start);
  return new_str(I, &b);
}

/* ---- list ---- */

#define LIST(v) ((List *)OBJ(v))

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
  if (a->n && !dwL_int(I, a->v[0], "index", &i)) return dwV_null();
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
  if (!dwL_int(I, a->v[0], "index", &i)) return dwV_null();
  if (i < 0) i += l->len;
  if (i < 0) i = 0;
  if (i > l->len) i = l->len;
  if (!dwV_list_append(&I->c, l, a->v[1])) return dwI_raise_ctx(I);
  memmove(l->items + i + 1, l->items + i, sizeof(Value) * (size_t)(l->len - 1 - i));
  l->items[i] = a->v[1];
  return dwV_none();
}

static int64_t seq_index(Interp *I, Value *items, int64_t n, Value x) {
  for (int64_t k = 0; k < n; k++) {
    if (items[k].t == V_TENSOR || x.t == V_TENSOR) {
      if (items[k].u.o == x.u.o && items[k].t == x.t) return k;
      continue;
    }
    if (dwL_deep_eq(items[k], x)) return k;
  }
  (void)I;
  return -1;
}

BI(m_remove) {
  NARGS("remove", 1, 1);
  List *l = LIST(self);
  int64_t i = seq_index(I, l->items, l->len, a->v[0]);
  if (i < 0) return dwI_raise(I, EXC_ValueError, "list.remove(x): x not in list");
  Value v = l->items[i];
  memmove(l->items + i, l->items + i + 1, sizeof(Value) * (size_t)(l->len - i - 1));
  l->len--;
  dwV_decref(&I->c, v);
  return dwV_none();
}

BI(m_index_seq) {
  NARGS("index", 1, 1);
  Value *items = self.t == V_LIST ? LIST(self)->items : ((Tuple *)OBJ(self))->items;
  int64_t n = self.t == V_LIST ? LIST(self)->len : ((Tuple *)OBJ(self))->len;
  int64_t i = seq_index(I, items, n, a->v[0]);
  if (i < 0) {
    Buf b = {0};
    dwV_repr(&b, a->v[0]);
    dwI_raise(I, EXC_ValueError, "%s is not in %s", b.p ? b.p : "", self.t == V_LIST ? "list" : "tuple");
    dwB_free(&b);
    return dwV_null();
  }
  return dwV_int(i);
}

BI(m_count_seq) {
  NARGS("count", 1, 1);
  Value *items = self.t == V_LIST ? LIST(self)->items : ((Tuple *)OBJ(self))->items;
  int64_t n = self.t == V_LIST ? LIST(self)->len : ((Tuple *)OBJ(self))->len, c = 0;
  for (int64_t k = 0; k < n; k++) c += dwL_deep_eq(items[k], a->v[0]);
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
  List *l = LIST(self);
  for (int64_t i = 0, j = l->len - 1; i < j; i++, j--) {
    Value t = l->items[i];
    l->items[i] = l->items[j];
    l->items[j] = t;
  }
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
  for (int64_t k = 0; k < l->len; k++) dwV_decref(&I->c, l->items[k]);
  l->len = 0;
  return dwV_none();
}

/* ---- dict ---- */

#define DICT(v) ((Dict *)OBJ(v))

BI(m_get) {
  NARGS("get", 1, 2);
  if (!dwV_hashable(a->v[0]))
    return dwI_raise(I, EXC_TypeError, "unhashable type: '%s'", dwV_type_name(a->v[0]));
  Value v = dwV_dict_get(DICT(self), a->v[0]);
  if (v.t == V_NULL) v = a->n == 2 ? a->v[1] : dwV_none();
  dwV_incref(v);
  return v;
}

static Value dict_view(Interp *I, Value self, int mode) {
  Dict *d = DICT(self);
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < d->nent; k++) {
    if (!d->ent[k].used) continue;
    if (mode == 2) {
      Tuple *t = dwV_tuple(&I->c, 2);
      if (!t) break;
      dwV_incref(t->items[0] = d->ent[k].key);
      dwV_incref(t->items[1] = d->ent[k].val);
      dwV_list_append(&I->c, l, dwV_obj(&t->h));
      dwV_decref_o(&I->c, &t->h);
    } else {
      dwV_list_append(&I->c, l, mode == 0 ? d->ent[k].key : d->ent[k].val);
    }
  }
  return dwV_obj(&l->h);
}

BI(m_keys) { return dict_view(I, self, 0); }
BI(m_values) { return dict_view(I, self, 1); }
BI(m_items) { return dict_view(I, self, 2); }

BI(m_update) {
  if (!dict_update(I, DICT(self), a)) return dwV_null();
  return dwV_none();
}

BI(m_pop_dict) {
  NARGS("pop", 1, 2);
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

BI(m_setdefault) {
  NARGS("setdefault", 1, 2);
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
  Dict *d = DICT(self);
  for (int64_t k = 0; k < d->nent; k++)
    if (d->ent[k].used) dwV_dict_del(&I->c, d, d->ent[k].key);
  return dwV_none();
}

BI(m_size_numel) {
  Tuple *t = (Tuple *)OBJ(self);
  int64_t n = 1;
  for (int64_t k = 0; k < t->len; k++) n *= t->items[k].u.i;
  return dwV_int(n);
}

static const BuiltinDef str_methods[] = {
    {"str.upper", m_upper, TK_PURE, 0, 0}, {"str.lower", m_lower, TK_PURE, 0, 0},
    {"str.title", m_title, TK_PURE, 0, 0}, {"str.capitalize", m_capitalize, TK_PURE, 0, 0},
    {"str.strip", m_strip, TK_PURE, 0, 0}, {"str.lstrip", m_lstrip, TK_PURE, 0, 0},
    {"str.rstrip", m_rstrip, TK_PURE, 0, 0}, {"str.split", m_split, TK_PURE, 0, 0},
    {"str.splitlines", m_splitlines, TK_PURE, 0, 0}, {"str.join", m_join, TK_PURE, 0, 0},
    {"str.replace", m_replace, TK_PURE, 0, 0}, {"str.startswith", m_startswith, TK_PURE, 0, 0},
    {"str.endswith", m_endswith, TK_PURE, 0, 0}, {"str.find", m_find, TK_PURE, 0, 0},
    {"str.rfind", m_find, TK_PURE, 1, 0}, {"str.index", m_index_str, TK_PURE, 0, 0},
    {"str.count", m_count_str, TK_PURE, 0, 0}, {"str.format", m_format, TK_PURE, 0, 0},
    {"str.isdigit", m_isdigit, TK_PURE, 0, 0}, {"str.isalpha", m_isalpha, TK_PURE, 0, 0},
    {"str.isalnum", m_isalnum, TK_PURE, 0, 0}, {"str.isspace", m_isspace, TK_PURE, 0, 0},
    {"str.isupper", m_isupper, TK_PURE, 0, 0}, {"str.islower", m_islower, TK_PURE, 0, 0},
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
    {"dict.setdefault", m_setdefault, TK_MUTATE, 0, 0}, {"dict.copy", m_copy_dict, TK_PURE, 0, 0},
    {"dict.clear", m_clear_dict, TK_MUTATE, 0, 0}, {NULL, NULL, 0, 0, 0}};

static const BuiltinDef tuple_methods[] = {
    {"tuple.index", m_index_seq, TK_PURE, 0, 0}, {"tuple.count", m_count_seq, TK_PURE, 0, 0},
    {"Size.numel", m_size_numel, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}};

static Value bound_builtin(Interp *I, const BuiltinDef *d, Value self) {
  Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
  if (!b) return dwI_raise_ctx(I);
  b->def = d;
  dwV_incref(b->self = self);
  b->extra = dwV_null();
  return dwV_obj(&b->h);
}

Value dwL_bound(Interp *I, const BuiltinDef *d, Value self) { return bound_builtin(I, d, self); }

static Value find_method(Interp *I, const BuiltinDef *tab, Value self, Str *name) {
  for (const BuiltinDef *d = tab; d->name; d++) {
    const char *dot = strchr(d->name, '.');
    if (dot && !strcmp(dot + 1, name->s)) return bound_builtin(I, d, self);
  }
  return dwV_null();
}

Value dwL_method(Interp *I, Value self, Str *name) {
  switch (self.t) {
  case V_STR:
    return find_method(I, str_methods, self, name);
  case V_LIST:
    return find_method(I, list_methods, self, name);
  case V_DICT:
    return find_method(I, dict_methods, self, name);
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
  case V_BOUND:
    if (!strcmp(name->s, "__self__")) {
      Value s = ((Bound *)OBJ(self))->self;
      dwV_incref(s);
      return s;
    }
    if (!strcmp(name->s, "__name__")) {
      Value f = ((Bound *)OBJ(self))->func;
      if (f.t == V_FUNC) {
        Str *s = dwV_str(&I->c, ((Func *)OBJ(f))->code->name, strlen(((Func *)OBJ(f))->code->name));
        return s ? VSTR(s) : dwI_raise_ctx(I);
      }
    }
    return dwV_null();
  case V_BUILTIN:
    if (!strcmp(name->s, "__name__")) {
      const char *n = ((Builtin *)OBJ(self))->def->name, *dot = strrchr(n, '.');
      return str_new(I, dot ? dot + 1 : n, strlen(dot ? dot + 1 : n));
    }
    return dwV_null();
  default:
    return dwV_null();
  }
}

/* ------------------------------------------------------------------ */
/* isinstance                                                          */
/* ------------------------------------------------------------------ */

static const BuiltinDef builtin_defs[];

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
    if (v.t == V_INST) {
      for (Class *k = ((Inst *)OBJ(v))->cls; k; k = k->base)
        if (k == c) *out = true;
      return true;
    }
    if (v.t == V_EXC) {
      Exc *e = (Exc *)OBJ(v);
      for (Class *k = e->cls; k; k = k->base)
        if (k == c) *out = true;
      if (!*out && c->builtin_base >= 0)
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
  if (cls.t == V_BUILTIN) {
    const char *n = ((Builtin *)OBJ(cls))->def->name;
    if (!strcmp(n, "int")) *out = v.t == V_INT || v.t == V_BOOL;
    else if (!strcmp(n, "float")) *out = v.t == V_FLOAT;
    else if (!strcmp(n, "bool")) *out = v.t == V_BOOL;
    else if (!strcmp(n, "str")) *out = v.t == V_STR;
    else if (!strcmp(n, "list")) *out = v.t == V_LIST;
    else if (!strcmp(n, "tuple")) *out = v.t == V_TUPLE;
    else if (!strcmp(n, "dict")) *out = v.t == V_DICT;
    else if (!strcmp(n, "range")) *out = v.t == V_RANGE;
    else if (!strcmp(n, "torch.Tensor")) *out = v.t == V_TENSOR;
    else if (!strcmp(n, "torch.Size")) *out = v.t == V_TUPLE && OBJ(v)->flags == TUP_SIZE;
    else if (!strcmp(n, "torch.dtype")) *out = v.t == V_DTYPE;
    else goto bad;
    return true;
  }
bad:
  dwI_raise(I, EXC_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
  return false;
}

/* ------------------------------------------------------------------ */
/* math and time                                                       */
/* ------------------------------------------------------------------ */

static Value math1(Interp *I, const BuiltinDef *def, Args *a) {
  const char *name = strchr(def->name, '.') + 1;
  if (a->n != 1 || a->nkw)
    return dwI_raise(I, EXC_TypeError, "math.%s() takes exactly one argument (%d given)", name, a->n);
  double x;
  if (a->v[0].t == V_TENSOR && !((Tensor *)OBJ(a->v[0]))->st && dwR_tracing(I))
    return dwR_break(I, BR_DATA_DEPENDENT, "math.%s() of a traced tensor", name);
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
    return dwV_int((int64_t)v);
  }
  case 19: return dwV_bool(isnan(x));
  case 20: return dwV_bool(isinf(x));
  case 21: return dwV_bool(isfinite(x));
  case 22: r = x * 180.0 / M_PI; break;
  case 23: r = x * M_PI / 180.0; break;
  case 24: r = sinh(x); break;
  case 25: r = cosh(x); break;
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

static Value math2(Interp *I, const BuiltinDef *def, Args *a) {
  const char *name = strchr(def->name, '.') + 1;
  if (def->data == 5 && a->n == 1) { /* log(x) */
    Args one = *a;
    static const BuiltinDef ln = {"math.log", b_math1, TK_PURE, 2, 0};
    return math1(I, &ln, &one);
  }
  if (a->n != 2) return dwI_raise(I, EXC_TypeError, "math.%s() takes exactly 2 arguments (%d given)", name, a->n);
  if (def->data == 6 || def->data == 7) { /* gcd, integers */
    int64_t x, y;
    if (!dwL_int(I, a->v[0], "gcd", &x) || !dwL_int(I, a->v[1], "gcd", &y)) return dwV_null();
    x = x < 0 ? -x : x;
    y = y < 0 ? -y : y;
    while (y) {
      int64_t t = x % y;
      x = y;
      y = t;
    }
    return dwV_int(x);
  }
  double x, y;
  if (!dwL_float(I, a->v[0], "must be real number", &x) ||
      !dwL_float(I, a->v[1], "must be real number", &y))
    return dwV_null();
  switch (def->data) {
  case 0: return dwV_float(pow(x, y));
  case 1: return dwV_float(atan2(x, y));
  case 2: return dwV_float(hypot(x, y));
  case 3: return dwV_float(copysign(x, y));
  case 4: if (y == 0) return dwI_raise(I, EXC_ValueError, "math domain error"); return dwV_float(fmod(x, y));
  case 5: if (x <= 0 || y <= 0 || y == 1) return dwI_raise(I, EXC_ValueError, "math domain error");
    return dwV_float(log(x) / log(y));
  case 8: return dwV_bool(fabs(x - y) <= fmax(1e-9 * fmax(fabs(x), fabs(y)), 0.0) || x == y);
  default: return dwV_float(x);
  }
}

BI(b_math2) { (void)self; return math2(I, def, a); }

BI(b_time) {
  (void)a;
  double ms = dw_now_ms();
  if (def->data == 1) return dwV_float(ms / 1000.0 + 1.7e9); /* time.time(): no wall clock; monotonic + epoch-ish */
  return dwV_float(ms / 1000.0);
}

BI(b_sleep) { return dwV_none(); }

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

BI(b_property) { return wrap_kind(I, a, WRAP_PROPERTY, "property"); }
BI(b_staticmethod) { return wrap_kind(I, a, WRAP_STATIC, "staticmethod"); }
BI(b_classmethod) { return wrap_kind(I, a, WRAP_CLASSMETHOD, "classmethod"); }

static const BuiltinDef builtin_defs[] = {
    {"property", b_property, TK_PURE, 0, 0}, {"staticmethod", b_staticmethod, TK_PURE, 0, 0},
    {"classmethod", b_classmethod, TK_PURE, 0, 0},
    {"print", b_print, TK_UNSUPPORTED, 0, 0}, {"len", b_len, TK_PURE, 0, 0},
    {"range", b_range, TK_PURE, 0, 0}, {"enumerate", b_enumerate, TK_PURE, 0, 0},
    {"zip", b_zip, TK_PURE, 0, 0}, {"map", b_map, TK_PURE, 0, 0},
    {"filter", b_filter, TK_PURE, 0, 0}, {"min", b_min, TK_PURE, 0, 0},
    {"max", b_max, TK_PURE, 0, 0}, {"sum", b_sum, TK_PURE, 0, 0},
    {"abs", b_abs, TK_PURE, 0, 0}, {"round", b_round, TK_PURE, 0, 0},
    {"int", b_int, TK_PURE, 0, 0}, {"float", b_float, TK_PURE, 0, 0},
    {"bool", b_bool, TK_PURE, 0, 0}, {"str", b_str, TK_PURE, 0, 0},
    {"repr", b_repr, TK_PURE, 0, 0}, {"format", b_format, TK_PURE, 0, 0},
    {"list", b_list, TK_PURE, 0, 0}, {"tuple", b_tuple, TK_PURE, 0, 0},
    {"dict", b_dict, TK_PURE, 0, 0}, {"isinstance", b_isinstance, TK_PURE, 0, 0},
    {"sorted", b_sorted, TK_PURE, 0, 0}, {"reversed", b_reversed, TK_PURE, 0, 0},
    {"any", b_any, TK_PURE, 0, 0}, {"all", b_all, TK_PURE, 0, 0},
    {"hasattr", b_hasattr, TK_PURE, 0, 0}, {"getattr", b_getattr, TK_PURE, 0, 0},
    {"setattr", b_setattr, TK_MUTATE, 0, 0}, {"divmod", b_divmod, TK_PURE, 0, 0},
    {"pow", b_pow, TK_PURE, 0, 0}, {"chr", b_chr, TK_PURE, 0, 0},
    {"ord", b_ord, TK_PURE, 0, 0}, {"callable", b_callable, TK_PURE, 0, 0},
    {"iter", b_iter, TK_PURE, 0, 0}, {"next", b_next, TK_PURE, 0, 0},
    {"id", b_id, TK_PURE, 0, 0}, {"hash", b_hash, TK_PURE, 0, 0},
    {"input", b_input, TK_UNSUPPORTED, 0, 0}, {"type", b_type, TK_PURE, 0, 0},
    {"super", b_super, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}};

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
  /* exception classes */
  for (int t = 0; t < EXC_COUNT; t++) {
    Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
    if (!c) return false;
    c->name = dwI_intern(I, dwV_exc_names[t]);
    dwV_incref_o(&c->name->h);
    c->builtin_base = t;
    c->cflags = CLS_BUILTIN | CLS_EXCEPTION;
    c->ns = dwV_dict(&I->c);
    bool ok = c->ns && dwL_set(I, I->builtins, dwV_exc_names[t], dwV_obj(&c->h));
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
  if (!sys) return false;
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
  return dwL_torch_init(I);
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
  if (v.t == V_NULL)
    return dwI_raise(I, EXC_ModuleNotFoundError,
                     "No module named '%s' (dynawasm provides torch, math, time and sys)",
                     dotted);
  dwV_incref(v);
  return v;
}
