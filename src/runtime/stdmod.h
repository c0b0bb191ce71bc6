/* stdmod.h - shared by the standard-library modules of the runtime
 * (stdmod.c and mod_*.c). What the rest of the core uses of them is
 * declared in interp.h. */
#ifndef DW_STDMOD_H
#define DW_STDMOD_H

#include "builtins.h"

/* A runtime class named qualname ("itertools.chain": __name__ "chain",
 * __module__ "itertools") with the C methods (may be NULL); set in `where`
 * under its short name when given (which then holds the reference), else
 * the caller's. NULL on failure. */
Class *dwSl_class(Interp *I, Dict *where, const char *qualname, const BuiltinDef *methods);
bool dwSl_is(Value v, const char *qualname); /* an instance of that runtime class */
Value dwSl_attr(Interp *I, Value inst, const char *name); /* borrowed; V_NULL: none */
bool dwSl_set(Interp *I, Value inst, const char *name, Value v); /* false if v is V_NULL */
/* A method called from the class (self V_NULL, the instance first):
 * self and *a made as for a bound call. */
bool dwSl_self(Interp *I, Value *self, Args **a, Args *shifted);
/* Positional-or-keyword binding: the first npos of names may come
 * positionally, all n by keyword; out[] starts V_NULL (missing). */
bool dwSl_bind(Interp *I, const char *fname, Args *a, int npos, int n, const char *const *names,
               Value *out);
bool dwSl_required(Interp *I, const char *fname, int n, const char *const *names, Value *v);
Value dwSl_tuple(Interp *I, const Value *v, int64_t n); /* new tuple (increfs) */
Value dwSl_stop(Interp *I);                                /* raise StopIteration */

#define SL_METHOD_SELF()                                                        \
  Args shifted_;                                                                \
  if (!dwSl_self(I, &self, &a, &shifted_)) return dwV_null()

/* The names of CPython's module that dynawasm lacks (NULL-ended). */
extern const char *const dwTy_missing[]; /* mod_typing.c */
extern const char *const dwIt_missing[]; /* mod_itertools.c */
extern const char *const dwFt_missing[]; /* mod_functools.c */
extern const char *const dwCo_missing[]; /* mod_collections.c */
extern const char *const dwTp_missing[]; /* mod_types.c */
extern const char *const dwCp_missing[]; /* mod_copy.c */

bool dwTy_init(Interp *I); /* typing and __future__ */
bool dwIt_init(Interp *I); /* itertools */
bool dwFt_init(Interp *I); /* functools */
bool dwCo_init(Interp *I); /* collections */
bool dwTp_init(Interp *I); /* types */
bool dwCp_init(Interp *I); /* copy */

#endif
