/* gen.c - generators: the object a generator function's call returns,
 * and the resumable evaluation of its body.
 *
 * The evaluator walks the tree on the C stack, which a generator cannot
 * keep between resumptions (WebAssembly has no stack switching). So a
 * generator owns its frame's slots, and a resumption re-enters the body:
 * each statement on the path to the yield it stopped at (marked NF_YIELD
 * by resolve.c) takes back its progress from the generator's records
 * (Gen.rec, one per level: a block's statement index, an if's branch, a
 * for loop's iterator, a try's part and the exception or outcome it
 * holds, a with's __exit__, a yield from's iterator) and goes on from
 * there; the yield itself then evaluates to the value sent (or raises the
 * exception thrown). Statements without a yield run through the evaluator
 * as in any frame (dwI_exec_stmt), so a generator's body runs at the
 * evaluator's speed and nothing else pays for generators. resolve.c
 * accepts a yield only where this works: as an expression statement
 * (`yield x`, `yield from g`) or an assignment's value (`y = yield x`).
 *
 * Under Dynamo (PyTorch 2.12, enable_faithful_generator_behavior): a
 * generator made by a traced frame is inlined when resumed in the same
 * unit (its body is traced into the graph); a graph break once one was
 * inlined skips the frame (Dynamo: "Skipping frame due to graph break in
 * a generator's next() call"; dwR_gen_inlined); resuming one made outside
 * the unit breaks the graph before it runs (Dynamo's "call_method on
 * generator"). */
#include "interp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OBJ(v) ((v).u.o)
#define X_YIELD                                                                \
  ((Exec)64) /* the body stopped at a yield (never leaves this file) */

typedef struct GenRun {
  Interp *I;
  Gen *g;
  bool resuming; /* re-entering the path to the yield it stopped at */
  Value send;    /* what that yield evaluates to (borrowed) ... */
  Value thrown;  /* ... or the exception it raises (borrowed), V_NULL */
} GenRun;

static Exec gen_block(GenRun *R, Frame *f, NodeList *b, int d);

/* The record of level d (grown as needed; NULL: out of memory). */
static GenRec *rec(GenRun *R, int d) {
  Gen *g = R->g;
  while (g->nrec <= d) {
    if (!DW_GROW(g->rec, g->caprec, g->nrec, 8)) return NULL;
    g->rec[g->nrec++] = (GenRec){dwV_null(), dwV_null(), 0, 0, 0};
  }
  return &g->rec[d];
}

/* Takes the reference a record holds. */
static Value take(Value *v) {
  Value r = *v;
  *v = dwV_null();
  return r;
}

static Exec fail_status(Interp *I) {
  return I->brk.pending ? X_GBREAK : X_EXC;
}

static Exec oom(Interp *I) {
  dwI_raise(I, EXC_MemoryError, "out of memory");
  return X_EXC;
}

/* An exception raised at the current position of f (a throw() at a yield,
 * the value of a failed delegation): a new raise point in f. */
static Exec raise_here(Interp *I, Frame *f, Value e) {
  dwV_incref(e);
  dwV_decref(&I->c, I->exc);
  I->exc = e;
  if (e.t == V_EXC) {
    Exc *x = (Exc *)OBJ(e);
    x->cur_frame = f;
    x->cur_line = f->line;
    x->cur_node = NULL;
    x->tb_frame = NULL;
  }
  return X_EXC;
}

static bool is_exc(Interp *I, ExcType t) {
  return I->exc.t == V_EXC && dwV_exc_below(((Exc *)OBJ(I->exc))->type, t);
}

/* One step of a `yield from` over iterator it: next / send / throw. */
static int delegate(GenRun *R, Frame *f, Value it, Value send, Value thrown,
                    Value *out) {
  Interp *I = R->I;
  if (it.t == V_GEN) {
    Gen *sub = (Gen *)OBJ(it);
    if (thrown.t == V_EXC &&
        dwV_exc_below(((Exc *)OBJ(thrown))->type, EXC_GeneratorExit)) {
      /* close() reaches a delegating generator: the subgenerator is
       * closed, then GeneratorExit raised here (CPython's gen_close_iter) */
      if (!dwGe_close(I, sub)) return GR_ERROR;
      raise_here(I, f, thrown);
      return GR_ERROR;
    }
    if (thrown.t != V_NULL) return dwGe_throw(I, sub, thrown, out);
    if (send.t != V_NULL && send.t != V_NONE)
      return dwGe_send(I, sub, send, out);
    return dwGe_next(I, sub, out);
  }
  if (thrown.t != V_NULL) {
    /* an iterator without throw(): the exception is raised at the yield
     * from (GeneratorExit closes it first when it has close()) */
    raise_here(I, f, thrown);
    return GR_ERROR;
  }
  if (send.t != V_NULL && send.t != V_NONE) {
    Value m = dwOb_getattr(I, it, dwI_intern(I, "send"));
    if (m.t == V_NULL) return GR_ERROR;
    Value r = dwI_call0(I, m, 1, &send);
    dwV_decref(&I->c, m);
    if (r.t != V_NULL) {
      *out = r;
      return GR_YIELD;
    }
    if (!is_exc(I, EXC_StopIteration)) return GR_ERROR;
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    *out = dwV_none();
    return GR_RETURN;
  }
  Value v = dwOb_next(I, it);
  if (v.t != V_NULL) {
    *out = v;
    return GR_YIELD;
  }
  if (I->exc.t != V_NULL || I->brk.pending) return GR_ERROR;
  *out = dwV_none();
  return GR_RETURN;
}

/* A yield or yield from (y) of a statement at level d: X_NORMAL with the
 * value it evaluates to in *out, X_YIELD when the body stops here. */
static Exec gen_yield(GenRun *R, Frame *f, Node *y, int d, Value *out) {
  Interp *I = R->I;
  f->line = y->line;
  f->col = y->col;
  Value send = dwV_none(), thrown = dwV_null();
  Value it;
  if (R->resuming) {
    /* the yield this generator stopped at */
    R->resuming = false;
    send = R->send;
    thrown = R->thrown;
    if (y->kind == N_YIELD) {
      if (thrown.t != V_NULL) return raise_here(I, f, thrown);
      dwV_incref(send);
      *out = send;
      return X_NORMAL;
    }
    GenRec *r = rec(R, d);
    if (!r) return oom(I);
    it = take(&r->v);
  } else if (y->kind == N_YIELD) {
    Value v = y->a ? dwI_eval(I, f, y->a) : dwV_none();
    if (v.t == V_NULL) return fail_status(I);
    R->g->yielded = v;
    return X_YIELD;
  } else {
    Value src = dwI_eval(I, f, y->a);
    if (src.t == V_NULL) return fail_status(I);
    it = dwOb_iter(I, src);
    dwV_decref(&I->c, src);
    if (it.t == V_NULL) return fail_status(I);
    if (it.t == V_GEN && (Gen *)OBJ(it) == R->g) {
      dwV_decref(&I->c, it);
      dwI_raise(I, EXC_ValueError, "generator already executing");
      return X_EXC;
    }
  }
  Value v;
  int st = delegate(R, f, it, send, thrown, &v);
  if (st == GR_YIELD) {
    GenRec *r = rec(R, d);
    if (!r) {
      dwV_decref(&I->c, it);
      dwV_decref(&I->c, v);
      return oom(I);
    }
    r->v = it;
    R->g->yielded = v;
    return X_YIELD;
  }
  dwV_decref(&I->c, it);
  if (st == GR_ERROR) {
    f->line = y->line;
    return fail_status(I);
  }
  *out = v;
  return X_NORMAL;
}

/* Shared head of every statement: position, budget, interrupt, marks. */
static bool stmt_head(Interp *I, Frame *f, Node *s) {
  f->line = s->line;
  f->col = s->col;
  if (I->opt.max_steps && ++I->steps > I->opt.max_steps) {
    dwI_raise(I, EXC_TimeoutError,
              "the program exceeded its budget of %llu steps",
              (unsigned long long)I->opt.max_steps);
    return false;
  }
  if (I->interrupt && *I->interrupt) {
    dwI_raise(I, EXC_KeyboardInterrupt, "stopped");
    return false;
  }
  if (!f->code->prelude)
    dwJ_mark(I, s->line, f->trace ? MK_TRACED : MK_NOT_TRACED);
  return true;
}

/* A loop body at level d: X_BREAK / X_CONTINUE folded into *brk. */
static Exec loop_body(GenRun *R, Frame *f, NodeList *b, int d, bool *brk) {
  Exec st = gen_block(R, f, b, d);
  *brk = st == X_BREAK;
  return st == X_BREAK || st == X_CONTINUE ? X_NORMAL : st;
}

static Exec gen_for(GenRun *R, Frame *f, Node *s, int d) {
  Interp *I = R->I;
  GenRec *r = rec(R, d);
  if (!r) return oom(I);
  Value it;
  bool resume = R->resuming;
  int part = resume ? r->part : 0;
  Exec st = X_NORMAL;
  bool broke = false;
  if (part == 1) goto orelse;
  if (resume) {
    it = take(&r->v);
  } else {
    Value src = dwI_eval(I, f, s->b);
    if (src.t == V_NULL) return fail_status(I);
    it = dwOb_iter(I, src);
    dwV_decref(&I->c, src);
    if (it.t == V_NULL) return fail_status(I);
  }
  f->loop_depth++;
  for (;;) {
    if (!resume) {
      f->line = s->line;
      Value v = dwOb_next(I, it);
      if (v.t == V_NULL) {
        if (I->exc.t != V_NULL || I->brk.pending) st = fail_status(I);
        break;
      }
      bool ok = dwI_assign(I, f, s->a, v);
      dwV_decref(&I->c, v);
      if (!ok) {
        st = fail_status(I);
        break;
      }
    }
    resume = false;
    st = loop_body(R, f, &s->body, d + 1, &broke);
    if (st == X_YIELD) {
      f->loop_depth--;
      r = rec(R, d);
      r->v = it;
      r->part = 0;
      return X_YIELD;
    }
    if (st != X_NORMAL || broke) break;
  }
  f->loop_depth--;
  dwV_decref(&I->c, it);
  if (st != X_NORMAL || broke || !s->orelse.n) return st;
orelse:
  st = gen_block(R, f, &s->orelse, d + 1);
  if (st == X_YIELD) rec(R, d)->part = 1;
  return st;
}

static Exec gen_while(GenRun *R, Frame *f, Node *s, int d) {
  Interp *I = R->I;
  GenRec *r = rec(R, d);
  if (!r) return oom(I);
  bool resume = R->resuming;
  Exec st = X_NORMAL;
  bool broke = false;
  if (resume && r->part == 1) goto orelse;
  f->loop_depth++;
  for (;;) {
    if (!resume) {
      f->line = s->line;
      bool t;
      if (!dwI_test(I, f, s, s->a, &t)) {
        st = fail_status(I);
        break;
      }
      if (!t) break;
    }
    resume = false;
    st = loop_body(R, f, &s->body, d + 1, &broke);
    if (st == X_YIELD) {
      f->loop_depth--;
      rec(R, d)->part = 0;
      return X_YIELD;
    }
    if (st != X_NORMAL || broke) break;
  }
  f->loop_depth--;
  if (st != X_NORMAL || broke || !s->orelse.n) return st;
orelse:
  st = gen_block(R, f, &s->orelse, d + 1);
  if (st == X_YIELD) rec(R, d)->part = 1;
  return st;
}

/* An exception no traced handler may catch (interp.c's compiler_error). */
static bool compiler_error(Interp *I, Frame *f) {
  if (!f->trace || I->exc.t != V_EXC) return false;
  Exc *x = (Exc *)OBJ(I->exc);
  return !x->cls && dwV_exc_below(x->type, EXC_TorchDynamoException);
}

/* The handler of try statement s matching exception e (its index), -1
 * when none; -2: evaluating a handler's type raised. */
static int find_handler(Interp *I, Frame *f, Node *s, Value e) {
  for (int k = 0; k < s->kids.n; k++) {
    Node *h = s->kids.v[k];
    if (!h->a) return k;
    Value ty = dwI_eval(I, f, h->a);
    if (ty.t == V_NULL) return -2;
    bool match = false;
    if (ty.t == V_TUPLE) {
      Tuple *tt = (Tuple *)OBJ(ty);
      for (int64_t j = 0; j < tt->len && !match; j++)
        match = dwI_exc_matches(e, tt->items[j]);
    } else {
      match = dwI_exc_matches(e, ty);
    }
    dwV_decref(&I->c, ty);
    if (match) return k;
  }
  return -1;
}

/* try: part 0 the body, 1 handler `sub` (v: the exception), 2 the else
 * block, 3 the finally block (v: the pending exception, w: the pending
 * return value, sub: the status it resumes with). */
static Exec gen_try(GenRun *R, Frame *f, Node *s, int d) {
  Interp *I = R->I;
  GenRec *r = rec(R, d);
  if (!r) return oom(I);
  int part = R->resuming ? r->part : 0;
  Exec st = X_NORMAL;
  Value e = dwV_null();
  int hk = 0;
  if (part == 0) {
    if (s->kids.n) f->try_depth++;
    st = gen_block(R, f, &s->body, d + 1);
    if (s->kids.n) f->try_depth--;
    if (st == X_YIELD) {
      rec(R, d)->part = 0;
      return X_YIELD;
    }
    if (st == X_GBREAK || (st == X_EXC && compiler_error(I, f))) return st;
    if (st == X_EXC && s->kids.n) {
      e = I->exc;
      I->exc = dwV_null();
      hk = find_handler(I, f, s, e);
      if (hk == -2) {
        dwV_decref(&I->c, e);
        return fail_status(I);
      }
      if (hk < 0) {
        I->exc = e;
        e = dwV_null();
      } else {
        part = 1;
        /* the frame's traceback entry is made when the exception reaches
         * it, caught or not (as interp.c's exec_try) */
        if (e.t == V_EXC && ((Exc *)OBJ(e))->tb_frame != f) {
          Value pend = I->exc;
          I->exc = e;
          Exc *x = (Exc *)OBJ(e);
          const void *cf = x->cur_frame;
          int cl = x->cur_line;
          const Node *cn = x->cur_node;
          dwTb_add(I, f);
          x->tb_frame = f;
          x->cur_frame = cf;
          x->cur_line = cl;
          x->cur_node = cn;
          I->exc = pend;
        }
        Node *h = s->kids.v[hk];
        if (h->s && !dwI_store_name(I, f, h, e)) {
          dwV_decref(&I->c, e);
          return fail_status(I);
        }
      }
    } else if (st == X_NORMAL && s->orelse.n) {
      part = 2;
    } else {
      part = 3;
    }
  } else if (part == 1) {
    e = take(&rec(R, d)->v);
    hk = rec(R, d)->sub;
  }
  if (part == 1) {
    Node *h = s->kids.v[hk];
    Value saved = I->handling;
    I->handling = e;
    st = gen_block(R, f, &h->body, d + 1);
    I->handling = saved;
    if (st == X_YIELD) {
      r = rec(R, d);
      r->part = 1;
      r->sub = hk;
      r->v = e;
      return X_YIELD;
    }
    if (h->s) {
      Value pend = I->exc;
      I->exc = dwV_null();
      if (!dwI_delete_name(I, f, h)) {
        dwV_decref(&I->c, I->exc);
        I->exc = dwV_null();
      }
      I->exc = pend;
    }
    dwV_decref(&I->c, e);
    part = 3;
  } else if (part == 2) {
    st = gen_block(R, f, &s->orelse, d + 1);
    if (st == X_YIELD) {
      rec(R, d)->part = 2;
      return X_YIELD;
    }
    part = 3;
  }
  if (!s->finalbody.n) return st;
  Value pending, ret;
  if (R->resuming) { /* back into the finally block */
    r = rec(R, d);
    pending = take(&r->v);
    ret = take(&r->w);
    st = (Exec)r->sub;
  } else {
    if (st == X_GBREAK || (st == X_EXC && compiler_error(I, f))) return st;
    pending = I->exc;
    ret = I->retval;
    I->exc = dwV_null();
    I->retval = dwV_null();
  }
  Exec fst = gen_block(R, f, &s->finalbody, d + 1);
  if (fst == X_YIELD) {
    r = rec(R, d);
    r->part = 3;
    r->v = pending;
    r->w = ret;
    r->sub = (int)st;
    return X_YIELD;
  }
  if (fst != X_NORMAL) {
    dwV_decref(&I->c, pending);
    dwV_decref(&I->c, ret);
    return fst;
  }
  I->exc = pending;
  I->retval = ret;
  return st;
}

/* with item k of s (records d + k; the body at level d + kids.n). */
static Exec gen_with(GenRun *R, Frame *f, Node *s, int k, int d) {
  Interp *I = R->I;
  int nb = s->kids.n;
  if (k == nb) return gen_block(R, f, &s->body, d + nb);
  GenRec *r = rec(R, d + k);
  if (!r) return oom(I);
  Value exitm;
  if (R->resuming) {
    exitm = take(&r->v);
  } else {
    Node *item = s->kids.v[k];
    Value ctx = dwI_eval(I, f, item->a);
    if (ctx.t == V_NULL) return fail_status(I);
    if (ctx.t == V_OPAQUE) {
      dwV_decref(&I->c, ctx);
      dwI_raise(I, EXC_NotImplementedError,
                "a yield inside `with` over a grad-mode context "
                "(torch.no_grad(), ...) is not "
                "supported: its mode would stay on in the generator's caller");
      return X_EXC;
    }
    if (f->trace &&
        !dwR_break_here(I, BR_UNSUPPORTED_SYNTAX,
                        "`with` over a user context manager is not supported "
                        "in a traced frame")) {
      dwV_decref(&I->c, ctx);
      return fail_status(I);
    }
    Value ev;
    Exec est = dwI_with_enter(I, ctx, &exitm, &ev);
    if (est != X_NORMAL) return est;
    bool ok = !item->b || dwI_assign(I, f, item->b, ev);
    dwV_decref(&I->c, ev);
    if (!ok) {
      dwV_decref(&I->c, exitm);
      return fail_status(I);
    }
  }
  Exec st = gen_with(R, f, s, k + 1, d);
  if (st == X_YIELD) {
    rec(R, d + k)->v = exitm;
    return X_YIELD;
  }
  return dwI_with_exit(I, exitm, st);
}

/* A statement holding a yield, at level d. */
static Exec gen_stmt(GenRun *R, Frame *f, Node *s, int d) {
  Interp *I = R->I;
  if (!R->resuming && !stmt_head(I, f, s)) return X_EXC;
  f->line = s->line;
  switch (s->kind) {
  case N_EXPR: {
    Value v;
    Exec st = gen_yield(R, f, s->a, d, &v);
    if (st == X_NORMAL) dwV_decref(&I->c, v);
    return st;
  }
  case N_ASSIGN: {
    Value v;
    Exec st = gen_yield(R, f, s->a, d, &v);
    if (st != X_NORMAL) return st;
    for (int k = 0; k < s->kids.n; k++) {
      if (!dwI_assign(I, f, s->kids.v[k], v)) {
        dwTb_err_at(I, f, s->kids.v[k]);
        dwV_decref(&I->c, v);
        return fail_status(I);
      }
    }
    dwV_decref(&I->c, v);
    return X_NORMAL;
  }
  case N_IF: {
    GenRec *r = rec(R, d);
    if (!r) return oom(I);
    int part = r->part;
    if (!R->resuming) {
      bool t;
      if (!dwI_test(I, f, s, s->a, &t)) return fail_status(I);
      part = t ? 0 : 1;
    }
    Exec st = gen_block(R, f, part ? &s->orelse : &s->body, d + 1);
    if (st == X_YIELD) rec(R, d)->part = part;
    return st;
  }
  case N_WHILE:
    return gen_while(R, f, s, d);
  case N_FOR:
    return gen_for(R, f, s, d);
  case N_TRY:
    return gen_try(R, f, s, d);
  case N_WITH:
    return gen_with(R, f, s, 0, d);
  default:
    /* resolve.c marks no other statement */
    dwI_raise(I, EXC_RuntimeError, "yield in a %s statement",
              dwP_kind_names[s->kind]);
    return X_EXC;
  }
}

/* A block at level d (its record holds the statement index). */
static Exec gen_block(GenRun *R, Frame *f, NodeList *b, int d) {
  Interp *I = R->I;
  int k = 0;
  if (R->resuming) {
    GenRec *r = rec(R, d);
    if (!r) return oom(I);
    k = r->idx;
  }
  for (; k < b->n; k++) {
    Node *s = b->v[k];
    Exec st = (s->flags & NF_YIELD) ? gen_stmt(R, f, s, d + 1)
                                    : dwI_exec_stmt(I, f, s);
    if (st == X_YIELD) {
      GenRec *r = rec(R, d);
      if (!r) return oom(I);
      r->idx = k;
      return X_YIELD;
    }
    if (st != X_NORMAL) return st;
  }
  return X_NORMAL;
}

/* ------------------------------------------------------------------ */
/* Generator objects                                                   */
/* ------------------------------------------------------------------ */

/* A suspended generator nothing refers to any more is closed (its
 * finally blocks and __exit__ methods run), as CPython's gen finalizer
 * does; an exception it raises is dropped (CPython prints it as
 * "Exception ignored in"). Not while a graph break travels. */
static void finalize(Ctx *c, Obj *o) {
  Interp *I = (Interp *)c; /* Ctx is the Interp's first member */
  Gen *g = (Gen *)o;
  if (g->state != GS_SUSPENDED || I->brk.pending) return;
  /* a traced frame drops one made outside its unit: closing it would
   * break the graph wherever the reference went (not done) */
  if (I->frame && I->frame->trace && g->owner != dwR_gen_unit(I)) return;
  Value exc = I->exc, ret = I->retval;
  I->exc = I->retval = dwV_null();
  if (!dwGe_close(I, g)) {
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    I->brk.pending = false;
  }
  I->exc = exc;
  I->retval = ret;
}

Value dwGe_new(Interp *I, Func *fn, Value self, Args *a) {
  Value *slots = dwFr_bind_slots(I, fn, self, a);
  if (!slots) return dwV_null();
  Gen *g = (Gen *)dwV_alloc(&I->c, V_GEN, sizeof(Gen));
  if (!g) {
    for (int k = 0; k < fn->code->nslots; k++)
      dwV_decref(&I->c, slots[k]);
    free(slots);
    return dwI_raise_ctx(I);
  }
  dwV_incref_o(&fn->h);
  g->fn = fn;
  g->slots = slots;
  g->state = GS_CREATED;
  g->line = fn->code->firstline;
  g->yielded = dwV_null();
  g->owner = dwR_gen_unit(I);
  I->c.gen_final = finalize;
  return dwV_obj(&g->h);
}

/* The generator ended: its frame and records go. */
static void finish(Interp *I, Gen *g) {
  g->state = GS_DONE;
  for (int k = 0; g->slots && k < g->fn->code->nslots; k++)
    dwV_decref(&I->c, g->slots[k]);
  free(g->slots);
  g->slots = NULL;
  for (int k = 0; k < g->nrec; k++) {
    dwV_decref(&I->c, g->rec[k].v);
    dwV_decref(&I->c, g->rec[k].w);
  }
  free(g->rec);
  g->rec = NULL;
  g->nrec = g->caprec = 0;
}

/* Resumes g: sending `send` (borrowed; V_NULL: None) or throwing `thrown`
 * (an exception instance, borrowed). */
static int resume(Interp *I, Gen *g, Value send, Value thrown, Value *out) {
  *out = dwV_null();
  if (g->state == GS_RUNNING) {
    dwI_raise(I, EXC_ValueError, "generator already executing");
    return GR_ERROR;
  }
  if (g->state == GS_DONE) {
    if (thrown.t != V_NULL) {
      dwV_incref(thrown);
      dwV_decref(&I->c, I->exc);
      I->exc = thrown;
      return GR_ERROR;
    }
    *out = dwV_none();
    return GR_RETURN;
  }
  Frame *caller = I->frame;
  if (caller && caller->trace && g->owner != dwR_gen_unit(I)) {
    /* a generator made outside this unit: Dynamo cannot inline it */
    if (!dwR_break_here(I, BR_UNSUPPORTED_CALL,
                        "call_method on generator: Detected a method call to a "
                        "user-defined "
                        "generator object. This is not fully supported."))
      return GR_ERROR;
    caller = I->frame;
  }
  if (g->state == GS_CREATED) {
    if (thrown.t == V_NULL && send.t != V_NULL && send.t != V_NONE) {
      dwI_raise(I, EXC_TypeError,
                "can't send non-None value to a just-started generator");
      return GR_ERROR;
    }
  }
  if (I->depth + 1 >= I->max_depth) {
    dwI_raise(I, EXC_RecursionError, "maximum recursion depth exceeded");
    return GR_ERROR;
  }
  if (DW_HOST_NEAR(I)) return dwFr_stack_exceeded(I), GR_ERROR;
  if (!dwFr_stack_ok(I)) return GR_ERROR;
  Frame fr;
  memset(&fr, 0, sizeof fr);
  fr.slots = g->slots;
  fr.code = g->fn->code;
  fr.func = g->fn;
  fr.line = g->line;
  fr.back = caller;
  fr.depth = ++I->depth;
  if (caller && caller->trace) {
    /* inlined into the unit that made it (Dynamo's inline tracer) */
    fr.trace = caller->trace;
    /* the runtime's own generators (dwGe_over: a list's items) carry no
     * state a rerun of the unit could not take again */
    if (!g->fn->code->prelude) dwR_gen_inlined(I);
  }
  fr.cctx = caller ? caller->cctx : NULL;
  GenRun R = {I, g, g->state == GS_SUSPENDED,
              send.t == V_NULL ? dwV_none() : send, thrown};
  bool fresh = g->state == GS_CREATED;
  g->state = GS_RUNNING;
  I->frame = &fr;
  Exec st;
  if (fresh && thrown.t != V_NULL)
    st = raise_here(I, &fr, thrown); /* at its first line */
  else
    st = gen_block(&R, &fr, &g->fn->code->node->body, 0);
  I->frame = caller;
  I->depth--;
  g->line = fr.line;
  if (st == X_YIELD) {
    g->state = GS_SUSPENDED;
    *out = g->yielded;
    g->yielded = dwV_null();
    return GR_YIELD;
  }
  finish(I, g);
  if (st == X_RETURN) {
    *out = I->retval;
    I->retval = dwV_null();
    return GR_RETURN;
  }
  if (st == X_NORMAL) {
    *out = dwV_none();
    return GR_RETURN;
  }
  if (st == X_EXC) {
    dwTb_add(I, &fr);
    if (I->exc.t == V_EXC &&
        dwV_exc_below(((Exc *)OBJ(I->exc))->type, EXC_StopIteration)) {
      /* PEP 479 */
      dwI_raise(I, EXC_RuntimeError, "generator raised StopIteration");
    }
  }
  return GR_ERROR;
}

int dwGe_next(Interp *I, Gen *g, Value *out) {
  return resume(I, g, dwV_null(), dwV_null(), out);
}

int dwGe_send(Interp *I, Gen *g, Value v, Value *out) {
  return resume(I, g, v, dwV_null(), out);
}

int dwGe_throw(Interp *I, Gen *g, Value exc, Value *out) {
  Value e = exc;
  if (exc.t == V_CLASS) {
    e = dwI_call0(I, exc, 0, NULL);
    if (e.t == V_NULL) return GR_ERROR;
  } else if (exc.t != V_EXC) {
    dwI_raise(I, EXC_TypeError,
              "exceptions must be classes or instances deriving from "
              "BaseException, not %s",
              dwV_type_name(exc));
    return GR_ERROR;
  } else {
    dwV_incref(e);
  }
  int r = resume(I, g, dwV_null(), e, out);
  dwV_decref(&I->c, e);
  return r;
}

bool dwGe_close(Interp *I, Gen *g) {
  if (g->state == GS_CREATED) {
    finish(I, g);
    return true;
  }
  if (g->state == GS_DONE) return true;
  Value out;
  Args none = {0, NULL, 0, NULL};
  Value e =
      dwI_new_exc(I, EXC_GeneratorExit, NULL, &none); /* GeneratorExit() */
  if (e.t == V_NULL) return false;
  int r = resume(I, g, dwV_null(), e, &out);
  dwV_decref(&I->c, e);
  if (r == GR_YIELD) {
    dwV_decref(&I->c, out);
    dwI_raise(I, EXC_RuntimeError, "generator ignored GeneratorExit");
    return false;
  }
  if (r == GR_RETURN) {
    dwV_decref(&I->c, out);
    return true;
  }
  if (is_exc(I, EXC_GeneratorExit) || is_exc(I, EXC_StopIteration)) {
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    return true;
  }
  return false;
}

Value dwGe_iternext(Interp *I, Gen *g) {
  Value out;
  int r = dwGe_next(I, g, &out);
  if (r == GR_YIELD) return out;
  if (r == GR_RETURN) dwV_decref(&I->c, out);
  return dwV_null();
}

/* StopIteration(value) for a generator that returned value (stolen). */
static Value stop_with(Interp *I, Value value) {
  Args a = {value.t == V_NONE ? 0 : 1, &value, 0, NULL};
  Value e = dwI_new_exc(I, EXC_StopIteration, NULL, &a);
  dwV_decref(&I->c, value);
  if (e.t == V_NULL) return e;
  dwV_decref(&I->c, I->exc);
  I->exc = e;
  if (I->frame) {
    Exc *x = (Exc *)OBJ(e);
    x->cur_frame = I->frame;
    x->cur_line = I->frame->line;
  }
  return dwV_null();
}

Value dwGe_next_value(Interp *I, Gen *g, Value dflt) {
  Value out;
  int r = dwGe_next(I, g, &out);
  if (r == GR_YIELD) return out;
  if (r == GR_ERROR) return dwV_null();
  if (dflt.t != V_NULL) {
    dwV_decref(&I->c, out);
    dwV_incref(dflt);
    return dflt;
  }
  return stop_with(I, out);
}

/* The Python methods. */
static Gen *self_gen(Interp *I, Value self, const char *name) {
  if (self.t == V_GEN) return (Gen *)OBJ(self);
  dwI_raise(
      I, EXC_TypeError,
      "descriptor '%s' for 'generator' objects doesn't apply to a '%s' object",
      name, dwV_type_name(self));
  return NULL;
}

static bool nargs(Interp *I, Args *a, const char *name, int lo, int hi) {
  if (a->nkw) {
    dwI_raise(I, EXC_TypeError, "generator.%s() takes no keyword arguments",
              name);
    return false;
  }
  if (a->n < lo || a->n > hi) {
    if (lo == hi && lo == 0)
      dwI_raise(I, EXC_TypeError,
                "generator.%s() takes no arguments (%d given)", name, a->n);
    else if (lo == hi)
      dwI_raise(I, EXC_TypeError,
                "generator.%s() takes exactly one argument (%d given)", name,
                a->n);
    else
      dwI_raise(I, EXC_TypeError, "%s expected at %s %d argument%s, got %d",
                name, a->n < lo ? "least" : "most", a->n < lo ? lo : hi,
                (a->n < lo ? lo : hi) == 1 ? "" : "s", a->n);
    return false;
  }
  return true;
}

static Value m_next(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  (void)def;
  Gen *g = self_gen(I, self, "__next__");
  if (!g || !nargs(I, a, "__next__", 0, 0)) return dwV_null();
  return dwGe_next_value(I, g, dwV_null());
}

static Value m_send(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  (void)def;
  Gen *g = self_gen(I, self, "send");
  if (!g || !nargs(I, a, "send", 1, 1)) return dwV_null();
  Value out;
  int r = dwGe_send(I, g, a->v[0], &out);
  if (r == GR_YIELD) return out;
  if (r == GR_ERROR) return dwV_null();
  return stop_with(I, out);
}

static Value m_throw(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  (void)def;
  Gen *g = self_gen(I, self, "throw");
  if (!g || !nargs(I, a, "throw", 1, 3)) return dwV_null();
  Value exc = a->v[0];
  if (a->n >= 2 && a->v[1].t != V_NONE) {
    /* throw(type, value): the value as the exception's argument */
    if (a->v[1].t == V_EXC)
      exc = a->v[1];
    else if (exc.t == V_CLASS) {
      Value e = dwI_call0(I, exc, 1, &a->v[1]);
      if (e.t == V_NULL) return e;
      Value out;
      int r = dwGe_throw(I, g, e, &out);
      dwV_decref(&I->c, e);
      if (r == GR_YIELD) return out;
      if (r == GR_ERROR) return dwV_null();
      return stop_with(I, out);
    }
  }
  Value out;
  int r = dwGe_throw(I, g, exc, &out);
  if (r == GR_YIELD) return out;
  if (r == GR_ERROR) return dwV_null();
  return stop_with(I, out);
}

static Value m_close(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  (void)def;
  Gen *g = self_gen(I, self, "close");
  if (!g || !nargs(I, a, "close", 0, 0)) return dwV_null();
  return dwGe_close(I, g) ? dwV_none() : dwV_null();
}

static Value m_iter(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  (void)def;
  if (!self_gen(I, self, "__iter__") || !nargs(I, a, "__iter__", 0, 0))
    return dwV_null();
  dwV_incref(self);
  return self;
}

const BuiltinDef dwGe_methods[] = {
    {"generator.send", m_send, TK_PURE, 0, NULL},
    {"generator.throw", m_throw, TK_PURE, 0, NULL},
    {"generator.close", m_close, TK_PURE, 0, NULL},
    {"generator.__next__", m_next, TK_PURE, 0, NULL},
    {"generator.__iter__", m_iter, TK_PURE, 0, NULL},
    {NULL, NULL, 0, 0, NULL}};

Value dwGe_attr(Interp *I, Gen *g, Str *name) {
  const char *n = name->s;
  if (!strcmp(n, "gi_running")) return dwV_bool(g->state == GS_RUNNING);
  if (!strcmp(n, "gi_suspended")) return dwV_bool(g->state == GS_SUSPENDED);
  if (!strcmp(n, "__name__") || !strcmp(n, "__qualname__")) {
    Code *c = g->fn->code;
    const char *s = n[2] == 'q' && c->qualname ? c->qualname : c->name;
    Str *r = dwV_str(&I->c, s, strlen(s));
    return r ? dwV_obj(&r->h) : dwI_raise_ctx(I);
  }
  return dwV_null();
}

/* The runtime's generator function behind dwGe_over for qualname: made
 * once per run from `def NAME(items): yield from items`, as runtime
 * library code (Code.prelude: no marks, no traceback entry); a global of
 * its own holds it. */
static Func *over_fn(Interp *I, const char *qualname) {
  char gname[96], src[192];
  const char *dot = strrchr(qualname, '.');
  const char *name = dot ? dot + 1 : qualname;
  snprintf(gname, sizeof gname, "__dw_gen_%s__", qualname);
  for (char *p = gname; *p; p++)
    if (*p == '.') *p = '_';
  int slot = dwI_global_slot(I, dwI_intern(I, gname));
  Value fv = I->globals[slot].v;
  if (fv.t == V_FUNC) return (Func *)OBJ(fv);
  int n = snprintf(src, sizeof src, "def %s(items):\n    yield from items\n",
                   gname);
  ParseError pe;
  memset(&pe, 0, sizeof pe);
  Node *m = dwP_parse(&I->arena, src, (size_t)n, &pe);
  Code *code = NULL;
  if (!m || !dwI_resolve(I, m, &code)) return NULL;
  code->prelude = true;
  Frame *saved = I->frame;
  I->frame = NULL; /* a module body of its own, outside any trace */
  Value r = dwI_run_code(I, code);
  I->frame = saved;
  if (r.t == V_NULL) return NULL;
  fv = I->globals[slot].v;
  if (fv.t != V_FUNC) return NULL;
  Func *fn = (Func *)OBJ(fv);
  fn->code->prelude = true;
  fn->code->firstline = 0;
  fn->code->name = dwA_strndup(&I->arena, name, strlen(name));
  fn->code->qualname = dwA_strndup(&I->arena, qualname, strlen(qualname));
  return fn;
}

Value dwGe_over(Interp *I, const char *qualname, Value items) {
  Func *fn = over_fn(I, qualname);
  if (!fn) {
    dwV_decref(&I->c, items);
    return I->exc.t != V_NULL ? dwV_null()
                              : dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  Args a = {1, &items, 0, NULL};
  Value g = dwGe_new(I, fn, dwV_null(), &a);
  dwV_decref(&I->c, items);
  return g;
}
