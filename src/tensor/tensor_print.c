/* tensor_print.c - repr of tensors with PyTorch's default print options
 * (torch/_tensor_str.py: precision 4, threshold 1000, edgeitems 3,
 * linewidth 80, sci_mode None) or those torch.set_printoptions set.
 *
 * The functions mirror _tensor_str.py: Formatter is _Formatter,
 * fmt_vector is _vector_str, fmt_tensor is _tensor_str_with_formatter,
 * add_suffixes is _add_suffixes and dwT_repr is _str_intern for a plain
 * strided CPU tensor.
 */
#include "tensor_impl.h"
#include "autograd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* torch.set_printoptions: the options of the run (PRINT_OPTS), reset to
 * PyTorch's defaults when the torch module is made (each run) */
static DwPrintOpts print_opts = {4, 1000, 3, 80, -1};

#define PRECISION (print_opts.precision)
#define THRESHOLD (print_opts.threshold)
#define EDGEITEMS (print_opts.edgeitems)
#define LINEWIDTH (print_opts.linewidth)

DwPrintOpts *dwT_print_opts(void) { return &print_opts; }

/* ------------------------------------------------------------------ */
/* Formatter                                                           */
/* ------------------------------------------------------------------ */

typedef struct Formatter {
  bool floating; /* float dtype: modes below apply */
  bool int_mode; /* all finite nonzero values integral: print "8." */
  bool sci_mode; /* "%.4e" */
  int max_width; /* widest element */
  DType dtype;
} Formatter;

/* Formats one element as _Formatter.format does, without padding. */
static int fmt_raw(const Formatter *f, double v, bool bval, int64_t ival,
                   char *out, size_t cap) {
  if (f->dtype == DT_BOOL) return snprintf(out, cap, "%s", bval ? "True" : "False");
  if (!f->floating) return snprintf(out, cap, "%lld", (long long)ival);
  if (isnan(v)) return snprintf(out, cap, "nan"); /* never "-nan" */
  if (f->sci_mode) return snprintf(out, cap, "%.*e", PRECISION, v);
  if (f->int_mode) {
    int n = snprintf(out, cap, "%.0f", v);
    if (!isinf(v)) n += snprintf(out + n, cap - (size_t)n, ".");
    return n;
  }
  return snprintf(out, cap, "%.*f", PRECISION, v);
}

/* Element k (row-major) of t as the three representations. */
static void elem(const Tensor *t, int64_t flat, double *v, bool *bv,
                 int64_t *iv) {
  *v = dwT_get(t, flat);
  *iv = dwT_get_int(t, flat);
  *bv = *iv != 0;
}

/* Row-major indices of the elements that are printed (all, or the
 * summarised set: first/last EDGEITEMS of every dim longer than 2x that).
 * Calls fn for each. */
static void for_printed(const Tensor *t, bool summarize,
                        void (*fn)(void *ctx, int64_t flat), void *ctx) {
  int nd = t->ndim;
  int64_t idx[DW_MAXDIM] = {0};
  int64_t n = dwT_numel(t);
  if (n == 0) return;
  for (;;) {
    int64_t flat = 0;
    for (int d = 0; d < nd; d++) flat = flat * t->shape[d] + idx[d];
    fn(ctx, flat);
    int d = nd - 1;
    for (; d >= 0; d--) {
      int64_t sz = t->shape[d];
      idx[d]++;
      if (summarize && sz > 2 * EDGEITEMS && idx[d] == EDGEITEMS)
        idx[d] = sz - EDGEITEMS;
      if (idx[d] < sz) break;
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

/* First pass over the printed values of a float tensor. */
typedef struct FloatScan {
  const Tensor *t;
  bool any;        /* a finite nonzero value seen */
  bool all_int;    /* ... all of them integral */
  double amin, amax;
} FloatScan;

static void scan_float(void *vctx, int64_t flat) {
  FloatScan *fs = vctx;
  double v = dwT_get(fs->t, flat);
  if (!isfinite(v) || v == 0) return;
  double a = fabs(v);
  if (!fs->any) {
    fs->amin = fs->amax = a;
    fs->any = true;
  } else {
    if (a < fs->amin) fs->amin = a;
    if (a > fs->amax) fs->amax = a;
  }
  if (v != ceil(v)) fs->all_int = false;
}

/* Second pass: the widths. Floats count only finite nonzero values (as
 * PyTorch does); ints and bools count every printed value. */
typedef struct WidthScan {
  const Tensor *t;
  Formatter *f;
} WidthScan;

static void scan_width(void *vctx, int64_t flat) {
  WidthScan *ws = vctx;
  double v;
  bool bv;
  int64_t iv;
  elem(ws->t, flat, &v, &bv, &iv);
  if (ws->f->floating && (!isfinite(v) || v == 0)) return;
  char buf[64];
  int n = fmt_raw(ws->f, v, bv, iv, buf, sizeof buf);
  if (n > ws->f->max_width) ws->f->max_width = n;
}

static void formatter_init(Formatter *f, const Tensor *t, bool summarize) {
  memset(f, 0, sizeof *f);
  f->dtype = (DType)t->dtype;
  f->floating = dwT_is_float(t->dtype);
  f->int_mode = true;
  f->max_width = 1;
  if (f->floating) {
    FloatScan fs = {t, false, true, 0, 0};
    for_printed(t, summarize, scan_float, &fs);
    if (!fs.any) return; /* before PRINT_OPTS.sci_mode is read, as PyTorch */
    f->int_mode = fs.all_int;
    if (fs.amax / fs.amin > 1000.0 || fs.amax > 1.0e8 ||
        (!f->int_mode && fs.amin < 1.0e-4))
      f->sci_mode = true;
  }
  WidthScan ws = {t, f};
  for_printed(t, summarize, scan_width, &ws);
  /* PRINT_OPTS.sci_mode overrides the choice after the widths are set */
  if (f->floating && print_opts.sci_mode >= 0) f->sci_mode = print_opts.sci_mode;
}

static void fmt_elem(Buf *b, const Formatter *f, const Tensor *t,
                     int64_t flat) {
  double v;
  bool bv;
  int64_t iv;
  elem(t, flat, &v, &bv, &iv);
  char buf[64];
  int n = fmt_raw(f, v, bv, iv, buf, sizeof buf);
  for (int k = n; k < f->max_width; k++) dwB_putc(b, ' ');
  dwB_puts(b, buf);
}

/* ------------------------------------------------------------------ */
/* Nested lists                                                        */
/* ------------------------------------------------------------------ */

static void put_spaces(Buf *b, int n) {
  for (int k = 0; k < n; k++) dwB_putc(b, ' ');
}

/* _vector_str over dimension `d` of t, starting at row-major offset base
 * (in elements of the full tensor), with `stride` elements between items. */
static void fmt_vector(Buf *b, const Formatter *f, const Tensor *t,
                       int64_t base, int64_t size, int indent,
                       bool summarize) {
  int element_length = f->max_width + 2;
  int per_line = (LINEWIDTH - indent) / element_length;
  if (per_line < 1) per_line = 1;
  bool cut = summarize && size > 2 * EDGEITEMS;
  int64_t count = cut ? 2 * EDGEITEMS + 1 : size;
  dwB_putc(b, '[');
  for (int64_t k = 0; k < count; k++) {
    if (k > 0) {
      if (k % per_line == 0) {
        dwB_puts(b, ",\n");
        put_spaces(b, indent + 1);
      } else {
        dwB_puts(b, ", ");
      }
    }
    if (cut && k == EDGEITEMS) {
      dwB_puts(b, " ...");
      continue;
    }
    int64_t i = cut && k > EDGEITEMS ? size - (count - k) : k;
    fmt_elem(b, f, t, base + i);
  }
  dwB_putc(b, ']');
}

/* _tensor_str_with_formatter for dims d.. of t at row-major base. */
static void fmt_tensor(Buf *b, const Formatter *f, const Tensor *t, int d,
                       int64_t base, int indent, bool summarize) {
  int dim = t->ndim - d;
  if (dim == 0) {
    fmt_elem(b, f, t, base);
    return;
  }
  int64_t size = t->shape[d];
  if (dim == 1) {
    fmt_vector(b, f, t, base, size, indent, summarize);
    return;
  }
  int64_t inner = 1;
  for (int k = d + 1; k < t->ndim; k++) inner *= t->shape[k];
  bool cut = summarize && size > 2 * EDGEITEMS;
  int64_t count = cut ? 2 * EDGEITEMS + 1 : size;
  dwB_putc(b, '[');
  for (int64_t k = 0; k < count; k++) {
    if (k > 0) {
      dwB_putc(b, ',');
      for (int j = 0; j < dim - 1; j++) dwB_putc(b, '\n');
      put_spaces(b, indent + 1);
    }
    if (cut && k == EDGEITEMS) {
      dwB_puts(b, "...");
      continue;
    }
    int64_t i = cut && k > EDGEITEMS ? size - (count - k) : k;
    fmt_tensor(b, f, t, d + 1, base + i * inner, indent + 1, summarize);
  }
  dwB_putc(b, ']');
}

/* _add_suffixes: ", suffix" or ",\n<indent>suffix" when the line would
 * pass the line width. `start` is where "tensor(" begins in b. */
static void add_suffixes(Buf *b, size_t start, const char **suffixes, int n,
                         int indent) {
  const char *s = b->p ? b->p + start : "";
  size_t len = b->len - start;
  const char *nl = NULL;
  for (size_t k = 0; k < len; k++)
    if (s[k] == '\n') nl = s + k;
  /* Python: len(tensor_str) - tensor_str.rfind("\n") + 1 */
  long last_line_len = (long)len - (nl ? (long)(nl - s) : -1) + 1;
  for (int k = 0; k < n; k++) {
    long sl = (long)strlen(suffixes[k]);
    if (last_line_len + sl + 2 > LINEWIDTH) {
      dwB_puts(b, ",\n");
      put_spaces(b, indent);
      dwB_puts(b, suffixes[k]);
      last_line_len = indent + sl;
    } else {
      dwB_puts(b, ", ");
      dwB_puts(b, suffixes[k]);
      last_line_len += sl + 2;
    }
  }
  dwB_putc(b, ')');
}

void dwT_repr(Buf *b, const Tensor *t) {
  const char *prefix = t->st ? "tensor(" : "FakeTensor(";
  int indent = (int)strlen(prefix);
  /* Parameter.__repr__: "Parameter containing:\n" + Tensor.__repr__ */
  if (t->st && (t->h.flags & DW_TENSOR_PARAM)) dwB_puts(b, "Parameter containing:\n");
  size_t start = b->len;
  dwB_puts(b, prefix);
  const char *suffixes[4];
  char gfbuf[96];
  int ns = 0;
  char sizebuf[256], dtypebuf[64];
  snprintf(dtypebuf, sizeof dtypebuf, "dtype=%s", dwT_dtype_names[t->dtype]);
  /* "size=(2, 3)" as str(tuple(shape)) */
  size_t k = (size_t)snprintf(sizebuf, sizeof sizebuf, "size=(");
  for (int d = 0; d < t->ndim && k < sizeof sizebuf; d++)
    k += (size_t)snprintf(sizebuf + k, sizeof sizebuf - k, "%s%lld",
                          d ? ", " : "", (long long)t->shape[d]);
  if (k < sizeof sizebuf)
    snprintf(sizebuf + k, sizeof sizebuf - k, "%s)", t->ndim == 1 ? "," : "");
  if (!t->st) {
    /* a traced value: PyTorch prints FakeTensor(..., size=(...)) */
    dwB_puts(b, "...");
    suffixes[ns++] = sizebuf;
    if (t->dtype != DT_F32) suffixes[ns++] = dtypebuf;
  } else if (dwT_numel(t) == 0) {
    dwB_puts(b, "[]");
    if (t->ndim != 1) suffixes[ns++] = sizebuf;
    if (t->dtype != DT_F32) suffixes[ns++] = dtypebuf;
  } else {
    /* has_default_dtype: float32, int64 and bool print none */
    if (t->dtype == DT_I32 || t->dtype == DT_F64) suffixes[ns++] = dtypebuf;
    bool summarize = (double)dwT_numel(t) > THRESHOLD;
    Formatter f;
    formatter_init(&f, t, summarize);
    fmt_tensor(b, &f, t, 0, 0, indent, summarize);
  }
  /* _tensor_str: the grad_fn of a result autograd recorded, else
   * requires_grad of a leaf that requires it */
  if (t->st && t->ag && t->ag->grad_fn) {
    snprintf(gfbuf, sizeof gfbuf, "grad_fn=<%s>", t->ag->grad_fn->name);
    suffixes[ns++] = gfbuf;
  } else if (t->st && DW_REQUIRES_GRAD(t)) {
    suffixes[ns++] = "requires_grad=True";
  }
  add_suffixes(b, start, suffixes, ns, indent);
}
