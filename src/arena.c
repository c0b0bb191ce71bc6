/* arena.c - arenas (bump allocation, freed all at once) and growable
 * byte buffers, with the formatting every stage shares (JSON strings,
 * Python's float repr). */
#include "dw.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ArenaBlock {
  ArenaBlock *prev; /* older block */
  size_t size, used;
  _Alignas(16) unsigned char data[];
};

void dwA_init(Arena *a) { memset(a, 0, sizeof *a); }

void *dwA_alloc(Arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  ArenaBlock *b = a->head;
  if (!b || b->size - b->used < n) {
    size_t size = n > 32768 ? n : 32768;
    ArenaBlock *nb = malloc(sizeof *nb + size);
    if (!nb) return NULL;
    nb->prev = b;
    nb->size = size;
    nb->used = 0;
    a->head = b = nb;
  }
  void *p = b->data + b->used;
  b->used += n;
  a->total += n;
  memset(p, 0, n);
  return p;
}

char *dwA_strndup(Arena *a, const char *s, size_t n) {
  char *p = dwA_alloc(a, n + 1);
  if (p) {
    memcpy(p, s, n);
    p[n] = 0;
  }
  return p;
}

void dwA_free(Arena *a) {
  ArenaBlock *b = a->head;
  while (b) {
    ArenaBlock *prev = b->prev;
    free(b);
    b = prev;
  }
  a->head = NULL;
  a->total = 0;
}

/* ---- buffers ---- */

static bool buf_reserve(Buf *b, size_t extra) {
  if (b->oom) return false;
  if (b->len + extra + 1 <= b->cap) return true;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1) cap *= 2;
  char *p = realloc(b->p, cap);
  if (!p) {
    b->oom = true;
    return false;
  }
  b->p = p;
  b->cap = cap;
  return true;
}

void dwB_putn(Buf *b, const char *s, size_t n) {
  if (!buf_reserve(b, n)) return;
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
}

void dwB_putc(Buf *b, char c) { dwB_putn(b, &c, 1); }
void dwB_puts(Buf *b, const char *s) { dwB_putn(b, s, strlen(s)); }

void dwB_vprintf(Buf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0 || !buf_reserve(b, (size_t)n)) return;
  vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void dwB_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  dwB_vprintf(b, fmt, ap);
  va_end(ap);
}

void dwB_json_str(Buf *b, const char *s, size_t n) {
  dwB_putc(b, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    switch (ch) {
    case '"': dwB_puts(b, "\\\""); break;
    case '\\': dwB_puts(b, "\\\\"); break;
    case '\n': dwB_puts(b, "\\n"); break;
    case '\r': dwB_puts(b, "\\r"); break;
    case '\t': dwB_puts(b, "\\t"); break;
    default:
      if (ch < 0x20 || ch == 0x7f)
        dwB_printf(b, "\\u%04x", ch);
      else
        dwB_putc(b, (char)ch);
    }
  }
  dwB_putc(b, '"');
}

/* Python's repr of a float: the shortest digits that read back as v. */
void dwB_float(Buf *b, double v) {
  if (isnan(v)) {
    dwB_puts(b, "nan");
    return;
  }
  if (isinf(v)) {
    dwB_puts(b, v < 0 ? "-inf" : "inf");
    return;
  }
  /* shortest %.{p}e that reads back as v: the digits Python's repr uses */
  char tmp[64];
  for (int p = 0; p < 17; p++) {
    snprintf(tmp, sizeof tmp, "%.*e", p, v);
    if (strtod(tmp, NULL) == v) break;
  }
  /* split "-d.ddde+XX" into sign, digits and decimal exponent */
  const char *s = tmp;
  bool neg = *s == '-';
  if (neg) s++;
  char digits[32];
  int nd = 0;
  for (; *s && *s != 'e'; s++)
    if (*s != '.') digits[nd++] = *s;
  int exp10 = atoi(s + 1);
  while (nd > 1 && digits[nd - 1] == '0') nd--; /* trailing zeros */
  digits[nd] = 0;
  if (neg) dwB_putc(b, '-');
  if (exp10 < -4 || exp10 >= 16) {
    /* scientific: d[.ddd]e+XX */
    dwB_putc(b, digits[0]);
    if (nd > 1) {
      dwB_putc(b, '.');
      dwB_puts(b, digits + 1);
    }
    dwB_printf(b, "e%c%02d", exp10 < 0 ? '-' : '+', abs(exp10));
  } else if (exp10 < 0) {
    /* 0.000ddd */
    dwB_puts(b, "0.");
    for (int k = 0; k < -exp10 - 1; k++) dwB_putc(b, '0');
    dwB_puts(b, digits);
  } else {
    /* ddd.ddd, with at least one digit after the point */
    for (int k = 0; k <= exp10; k++) dwB_putc(b, k < nd ? digits[k] : '0');
    dwB_putc(b, '.');
    if (nd > exp10 + 1) dwB_puts(b, digits + exp10 + 1);
    else dwB_putc(b, '0');
  }
}

char *dwB_take(Buf *b) {
  char *p = b->p;
  if (!p) p = calloc(1, 1);
  memset(b, 0, sizeof *b);
  return p;
}

void dwB_free(Buf *b) {
  free(b->p);
  memset(b, 0, sizeof *b);
}

bool dw_grow(void **pp, int *cap, int n, size_t sz, int first) {
  if (n < *cap) return true;
  int nc = *cap ? *cap * 2 : first;
  void *q = realloc(*pp, (size_t)nc * sz);
  if (!q) return false;
  *pp = q;
  *cap = nc;
  return true;
}
