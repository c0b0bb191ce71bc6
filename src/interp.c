/* interp.c - the evaluator. (Being written; this placeholder only lets the
 * library link while the other phases are developed.) */
#include "dw.h"

void dwI_free_obj(Ctx *c, Obj *o, bool deep) { (void)c; (void)o; (void)deep; }
