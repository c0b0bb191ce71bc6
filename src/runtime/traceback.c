/* traceback.c - tracebacks as CPython 3.11 prints them: the entry a frame
 * adds while an exception unwinds it (the line and the range of the
 * expression that failed there), and the text: "Traceback (most recent
 * call last):", each entry's File line, its source line and, under it,
 * the carets of the failing expression (Python/traceback.c tb_displayline:
 * `^^^` under the range, `~~^~~` for a binary operation's operator and
 * `~^^^` for a subscript's [index], none when the range is the whole line).
 */
#include "interp.h"

#include <stdlib.h>
#include <string.h>

#define OBJ(v) ((v).u.o)

/* The innermost expression of frame f that failed with the pending
 * exception: the first one to see the failure on its way out (an operand
 * fails before its operation, a call in the callee's frame, a name load
 * before its attribute). Cold: only on failure. */
void dwTb_err_at(Interp *I, Frame *f, const Node *n) {
  if (I->exc.t != V_EXC) return;
  Exc *e = (Exc *)I->exc.u.o;
  if (e->cur_frame == f && !e->cur_node) e->cur_node = n;
}

/* Line `line` of the program: its start and end (no newline), NULL past
 * the end. */
const char *dwTb_line(Interp *I, int line, const char **end) {
  const char *p = I->src, *e = I->src + I->srclen;
  for (int k = 1; k < line && p < e; k++) {
    const char *nl = memchr(p, '\n', (size_t)(e - p));
    if (!nl) return NULL;
    p = nl + 1;
  }
  if (p >= e) return NULL;
  const char *nl = memchr(p, '\n', (size_t)(e - p));
  *end = nl ? nl : e;
  if (*end > p && (*end)[-1] == '\r') (*end)--;
  return p;
}

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\n' || c == '\v'; }

/* Where CPython's carets go for expression n (Python/traceback.c
 * extract_anchors_from_expr): a binary operation's operator (skipping a
 * left operand's closing parentheses), a subscript's brackets. The
 * offsets are from n's start on its line. */
static void anchors(const char *seg, int len, const Node *n, TbEntry *t) {
  if (n->kind == N_BINOP && n->a && n->b && n->a->end_line == n->line && n->b->line == n->line) {
    int lend = n->a->end_col - n->col, rcol = n->b->col - n->col;
    for (int i = lend; i >= 0 && i < rcol && i < len; i++) {
      if (is_ws(seg[i])) continue;
      t->anchor_l = i;
      t->anchor_r = i + 1;
      if (i + 1 < rcol && !is_ws(seg[i + 1])) t->anchor_r++; /* //, **, << */
      if (i + 1 < rcol && seg[i] == ')') continue;
      break;
    }
  } else if (n->kind == N_SUBSCRIPT && n->a && n->b && n->a->end_line == n->line) {
    int l = n->a->end_col - n->col, r = n->b->end_col - n->col + 1;
    if (l < 0 || r < 0) return;
    while (l < len && seg[l] != '[') l++;
    while (r < len && seg[r] != ']') r++;
    if (r < len) r++;
    t->anchor_l = l;
    t->anchor_r = r;
  }
}

/* Entry t's range: expression n, as CPython locates the failing
 * instruction (the traceback line is where it starts). */
static void position(Interp *I, TbEntry *t, const Node *n) {
  const char *end, *p = dwTb_line(I, n->line, &end);
  if (!p || n->col > end - p) return;
  t->line = n->line;
  t->col = n->col;
  t->end_line = n->end_line;
  t->end_col = n->end_col;
  if (n->end_line == n->line && n->end_col >= n->col && n->end_col <= end - p)
    anchors(p + n->col, n->end_col - n->col, n, t);
}

/* Characters (not bytes) of UTF-8 text p..p+n. */
static long chars(const char *p, long n) {
  long c = 0;
  for (long k = 0; k < n; k++) c += ((unsigned char)p[k] & 0xC0) != 0x80;
  return c;
}

/* An entry's source line (indented by 4, its own indentation stripped, as
 * CPython's display_source_line_with_margin) and the caret line of its
 * range. */
static void entry_lines(Interp *I, Buf *b, const TbEntry *t) {
  const char *end, *p = dwTb_line(I, t->line, &end);
  if (!p) return;
  const char *s = p;
  while (s < end && (*s == ' ' || *s == '\t' || *s == '\f')) s++;
  if (end <= s) return;
  dwB_puts(b, "    "); /* trailing blanks stay, as CPython prints them */
  dwB_putn(b, s, (size_t)(end - s));
  dwB_putc(b, '\n');
  if (t->col < 0) return;
  long len = (long)(end - p), start = t->col, stop;
  if (t->end_line == t->line) {
    stop = t->end_col;
  } else { /* to the line's last non-blank character */
    stop = len;
    while (stop > 0 && is_ws(p[stop - 1])) stop--;
  }
  if (stop > len) stop = len;
  if (start < (long)(s - p) || stop <= start) return;
  bool anch = t->anchor_l >= 0;
  /* elided when the range is the whole (left-stripped) line */
  if (!anch && chars(p + start, stop - start) == chars(s, len - (long)(s - p))) return;
  dwB_puts(b, "    ");
  for (long k = chars(s, start - (long)(s - p)); k > 0; k--) dwB_putc(b, ' ');
  for (long k = start; k < stop;) {
    long rel = k - start, n = 1;
    while (k + n < stop && ((unsigned char)p[k + n] & 0xC0) == 0x80) n++;
    dwB_putc(b, !anch ? '^' : rel >= t->anchor_l && rel < t->anchor_r ? '^' : '~');
    k += n;
  }
  dwB_putc(b, '\n');
}

/* The frame's traceback entry: the line where the exception happened in
 * it (recorded when it was raised there or came back from a call made
 * there), not the line the frame ran last (a `finally` block, a handler
 * ending in a bare `raise`). Then the caller's line is the next one. */
void dwTb_add(Interp *I, Frame *f) {
  if (I->exc.t != V_EXC) return;
  Exc *e = (Exc *)OBJ(I->exc);
  int line = e->cur_frame == f && e->cur_line > 0 ? e->cur_line : f->line;
  const Node *at = e->cur_frame == f ? e->cur_node : NULL;
  e->cur_node = NULL;
  e->cur_frame = f->back;
  e->cur_line = f->back ? f->back->line : 0;
  if (e->tb_frame == f) { /* its entry was added when it was caught here */
    e->tb_frame = NULL;
    return;
  }
  e->tb_frame = NULL;
  if (f->code && f->code->prelude) return; /* runtime library code: no entry */
  if (e->h.flags & 1) { /* raised by the compiler for its caller */
    e->h.flags &= (uint16_t)~1;
    return;
  }
  if (e->ntb == e->tbcap) {
    int cap = e->tbcap ? e->tbcap * 2 : 8;
    TbEntry *tb = realloc(e->tb, sizeof(TbEntry) * (size_t)cap);
    char **nm = realloc(e->tbnames, sizeof(char *) * (size_t)cap);
    if (!tb || !nm) {
      if (tb) e->tb = tb;
      if (nm) e->tbnames = nm;
      return;
    }
    e->tb = tb;
    e->tbnames = nm;
    e->tbcap = cap;
  }
  const char *name = f->code->name;
  size_t len = strlen(name);
  char *copy = malloc(len + 1);
  if (copy) memcpy(copy, name, len + 1);
  e->tbnames[e->ntb] = copy;
  TbEntry *t = &e->tb[e->ntb++];
  t->func = copy ? copy : "?";
  t->line = line;
  t->col = t->end_line = t->end_col = t->anchor_l = t->anchor_r = -1;
  if (at && at->line > 0 && at->col >= 0) position(I, t, at);
}

/* Line `line` of the program as a traceback shows it (indented by 4, its
 * own indentation and trailing blanks stripped); with col >= 0 (0-based,
 * a SyntaxError's offset), CPython's caret line under that column, a
 * caret per column up to end_col when end_col > col. */
static void source_line(Interp *I, Buf *b, int line, int col, int end_col) {
  const char *e, *p = dwTb_line(I, line, &e), *start = p;
  if (!p) return;
  while (p < e && (*p == ' ' || *p == '\t')) p++;
  while (e > p && (e[-1] == ' ' || e[-1] == '\r' || e[-1] == '\t')) e--;
  if (e > p) {
    dwB_puts(b, "    ");
    dwB_putn(b, p, (size_t)(e - p));
    dwB_putc(b, '\n');
    if (col >= 0) {
      /* the caret goes under column col of the shown text, at most one
       * past its end (an error at the end of the line) */
      long at = (long)col - (long)(p - start), len = (long)(e - p);
      if (at < 0) at = 0;
      if (at > len) at = len;
      long to = end_col > col ? (long)end_col - (long)(p - start) : at + 1;
      if (to > len) to = len;
      if (to <= at) to = at + 1;
      dwB_printf(b, "    %*s", (int)at, "");
      for (long k = at; k < to; k++) dwB_putc(b, '^');
      dwB_putc(b, '\n');
    }
  }
}

void dwTb_format(Interp *I, Buf *b, Exc *e) {
  if (e->ntb > 0) {
    dwB_puts(b, "Traceback (most recent call last):\n");
    /* as CPython: a run of identical entries shows its first three, then
     * "[Previous line repeated N more times]" */
    int same = 0;
    for (int k = e->ntb - 1; k >= 0; k--) {
      bool rep = k < e->ntb - 1 && e->tb[k].line == e->tb[k + 1].line &&
                 strcmp(e->tb[k].func, e->tb[k + 1].func) == 0;
      same = rep ? same + 1 : 0;
      if (same >= 3) {
        bool last = k == 0 || e->tb[k - 1].line != e->tb[k].line ||
                    strcmp(e->tb[k - 1].func, e->tb[k].func) != 0;
        if (last)
          dwB_printf(b, "  [Previous line repeated %d more time%s]\n", same - 2,
                     same - 2 == 1 ? "" : "s");
        continue;
      }
      dwB_printf(b, "  File \"%s\", line %d, in %s\n", I->filename,
                 e->tb[k].line, e->tb[k].func);
      entry_lines(I, b, &e->tb[k]);
    }
  } else if (e->type == EXC_SyntaxError || e->type == EXC_IndentationError) {
    dwB_printf(b, "  File \"%s\", line %d\n", I->filename, e->line);
    /* CPython shows no caret for an unexpected indent */
    bool caret = !(e->type == EXC_IndentationError && e->msg && !strcmp(e->msg->s, "unexpected indent"));
    source_line(I, b, e->line, caret ? e->col : -1, e->end_col);
  }
  dwB_puts(b, e->cls ? e->cls->name->s : dwV_exc_names[e->type]);
  if (e->msg && e->msg->len) {
    dwB_puts(b, ": ");
    dwB_putn(b, e->msg->s, e->msg->len);
  }
  dwB_putc(b, '\n');
}
