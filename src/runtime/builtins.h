/* builtins.h - shared by the files of the Python library of the runtime:
 * builtins.c (argument binding, the builtin functions, isinstance, sys,
 * the registry), format.c (repr, str, format(), %, f-string specs),
 * methods.c (the methods of str, list, dict, tuple and set) and mathlib.c
 * (the math and time modules). What the rest of the core uses of them is
 * declared in interp.h. */
#ifndef DW_BUILTINS_H
#define DW_BUILTINS_H

#include "interp.h"

#define OBJ(v) ((v).u.o)
#define STR(v) ((Str *)(v).u.o)
#define VSTR(s) ((Value){.t = V_STR, .u = {.o = &(s)->h}})

/* A builtin's C function: def is its table entry (def->data selects a
 * variant), self the bound receiver or V_NULL. */
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

/* Widths of padded and aligned text (format specs, str.center, ...):
 * larger ones are a MemoryError, as CPython's. */
#define DW_MAX_PAD ((int64_t)1 << 28)

/* builtins.c */
Value dwL_new_str(Interp *I, Buf *b); /* a str of b's bytes; frees b */
/* acc = start <op> item ... over an iterable (sum, math.prod); takes the
 * reference to start. */
Value dwL_fold(Interp *I, Value iterable, int op, Value start);
bool dwL_dict_update(Interp *I, Dict *d, Args *a); /* dict.update(*a) */
/* The name of v's builtin type as the type objects are registered. */
const char *dwL_type_key(Value v);

/* format.c */
/* The __repr__ / __str__ / __format__ of a user object (instance or
 * exception), borrowed; V_NULL if it has none. */
Value dwFm_user_method(Interp *I, Value v, const char *name);
void dwFm_utf8_put(Buf *b, uint32_t c);          /* code point c as UTF-8 */
size_t dwFm_utf8_w(const char *p, size_t n);     /* bytes of the character at p */
void dwFm_int_digits(Buf *body, int64_t x, int base, bool upper); /* |x| in base */
Value dwFm_str_format(Interp *I, Str *fmt, Args *a); /* str.format */

/* methods.c */
Value dwMt_str_new(Interp *I, const char *p, size_t n); /* a str of n bytes */
/* The code point at byte i of s (n bytes); *w: its length in bytes. */
uint32_t dwMt_cp_decode(const char *s, size_t n, size_t i, size_t *w);
bool dwMt_cp_isspace(uint32_t c);
/* set(iterable): the builtin */
Value dwMt_set_builtin(Interp *I, const BuiltinDef *def, Value self, Args *a);

/* mod_collections.c: an attribute of a namedtuple or a collections dict
 * (a field, a method of its class bound to it); V_NULL: none (or an
 * exception) */
Value dwCo_attr(Interp *I, Value self, Str *name);

/* mod_types.c: types.MethodType(func, obj), the type `method` called */
Value dwTp_method_new(Interp *I, Args *a);

/* mathlib.c */
bool dwMa_init(Interp *I); /* the math and time modules */

#endif
