/* lex.c - tokens from source (dwX_).
 *
 * A port of the rules of CPython 3.11's tokenizer (Parser/tokenizer.c) for
 * the token kinds listed in lex.h, with the same error messages and error
 * columns where practical. Differences: tabs in indentation are an error
 * (the language requires spaces), identifiers may use any non-ASCII letter
 * but are not NFKC-normalised, and the source must be UTF-8 without NUL
 * bytes.
 *
 * Error columns follow CPython: most tokenizer errors point at the last
 * byte consumed before the error was noticed (CPython reports the offset
 * of the read pointer, which is 1-based).
 */
#include "lex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dwX_token_text[T_COUNT] = {
#define X(kind, text) text,
    DWX_TOKENS(X)
#undef X
};

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_xdigit(int c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static bool is_alpha(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
/* CPython's is_potential_identifier_char (bytes >= 128 included). */
static bool is_idchar(int c) { return is_alpha(c) || is_digit(c) || c >= 128; }
static bool is_nl(int c) { return c == '\n' || c == '\r'; }

/* Byte at src[i], or -1 at/after the limit (so no read goes past it). */
static int at(const Lexer *L, size_t i) {
  return i < L->limit ? (unsigned char)L->src[i] : -1;
}
static int cur(const Lexer *L) { return at(L, L->pos); }

/* Column of byte offset `off` on the current line. */
static int col_of(const Lexer *L, size_t off) {
  return (int)(off - L->line_start);
}

/* Consumes one line break (\n, \r\n or \r) at pos. */
static void newline(Lexer *L) {
  if (cur(L) == '\r' && at(L, L->pos + 1) == '\n') L->pos++;
  L->pos++;
  L->line++;
  L->line_start = L->pos;
}

/* Decodes the UTF-8 sequence at s[0..n); returns its length (0 if
 * invalid) and the code point. */
static int utf8_decode(const unsigned char *s, size_t n, uint32_t *cp) {
  if (n == 0) return 0;
  unsigned c = s[0];
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  int len;
  uint32_t v, min;
  if (c >= 0xc2 && c <= 0xdf) {
    len = 2;
    v = c & 0x1f;
    min = 0x80;
  } else if (c >= 0xe0 && c <= 0xef) {
    len = 3;
    v = c & 0x0f;
    min = 0x800;
  } else if (c >= 0xf0 && c <= 0xf4) {
    len = 4;
    v = c & 0x07;
    min = 0x10000;
  } else {
    return 0;
  }
  if ((size_t)len > n) return 0;
  for (int k = 1; k < len; k++) {
    if ((s[k] & 0xc0) != 0x80) return 0;
    v = (v << 6) | (s[k] & 0x3f);
  }
  if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
  *cp = v;
  return len;
}

/* Appends code point cp as UTF-8 (surrogates too, like Python's
 * "surrogatepass") and returns the number of bytes written. */
static int utf8_encode(char *out, uint32_t cp) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xc0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3f));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xe0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[2] = (char)(0x80 | (cp & 0x3f));
    return 3;
  }
  out[0] = (char)(0xf0 | (cp >> 18));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
  out[3] = (char)(0x80 | (cp & 0x3f));
  return 4;
}

/* Non-ASCII code points accepted in identifiers. Python accepts exactly
 * XID_Start/XID_Continue; without Unicode tables we accept letters of
 * Latin-1 and everything above U+00FF except the common blocks of
 * punctuation, symbols, arrows, box drawing, private use and emoji, so
 * that a stray '→' or '“' is still a clear error. */
static bool is_id_codepoint(uint32_t cp) {
  if (cp < 0x100)
    return cp == 0xaa || cp == 0xb5 || cp == 0xba ||
           (cp >= 0xc0 && cp != 0xd7 && cp != 0xf7);
  static const uint32_t deny[][2] = {
      {0x2000, 0x206f},   /* general punctuation */
      {0x20a0, 0x20cf},   /* currency */
      {0x2100, 0x214f},   /* letterlike symbols (mostly symbols) */
      {0x2190, 0x2bff},   /* arrows, math operators, technical, boxes */
      {0x2e00, 0x2e7f},   /* supplemental punctuation */
      {0x3000, 0x3004},   /* CJK punctuation */
      {0x3008, 0x3020},   {0xd800, 0xf8ff}, /* surrogates, private use */
      {0xfe10, 0xfe1f},   {0xfe30, 0xfe6f}, /* vertical/small forms */
      {0xfeff, 0xfeff},   /* BOM / zero-width no-break space */
      {0xff01, 0xff0f},   {0xff1a, 0xff20}, {0xff3b, 0xff40},
      {0xff5b, 0xff65},   {0xfff0, 0xffff}, /* fullwidth punctuation */
      {0x1f000, 0x1faff}, /* emoji and pictographs */
      {0xf0000, 0x10ffff}, /* private use planes */
  };
  for (size_t k = 0; k < sizeof deny / sizeof deny[0]; k++)
    if (cp >= deny[k][0] && cp <= deny[k][1]) return false;
  return true;
}

static bool is_nonprintable(uint32_t cp) {
  return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0xa0) ||
         cp == 0xad || (cp >= 0x200b && cp <= 0x200f) ||
         (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f) ||
         cp == 0xfeff;
}

/* ------------------------------------------------------------------ */
/* Errors                                                              */
/* ------------------------------------------------------------------ */

static void fail_at(Lexer *L, ExcType type, bool overrides, int line, int col,
                    const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

static void fail_at(Lexer *L, ExcType type, bool overrides, int line, int col,
                    const char *fmt, ...) {
  if (L->failed) return;
  L->failed = true;
  L->overrides = overrides;
  L->etype = type;
  L->eline = line;
  L->ecol = col < 0 ? 0 : col;
  va_list ap;
  va_start(ap, fmt);
  dwX_vformat_msg(L->emsg, sizeof L->emsg, L->field, fmt, ap);
  va_end(ap);
}

void dwX_vformat_msg(char *dst, size_t cap, bool field, const char *fmt, va_list ap) {
  char msg[256];
  vsnprintf(msg, sizeof msg, fmt, ap);
  /* inside an f-string field CPython prefixes the messages */
  size_t pre = field && strncmp(msg, "f-string", 8) ? 10 : 0;
  size_t n = strlen(msg);
  if (n > cap - 1 - pre) n = cap - 1 - pre;
  memcpy(dst, "f-string: ", pre);
  memcpy(dst + pre, msg, n);
  dst[pre + n] = 0;
}

/* A SyntaxError at the byte before pos (CPython's usual error column). */
#define FAIL_HERE(L, ...)                                                  \
  fail_at(L, EXC_SyntaxError, true, (L)->line,                             \
          col_of(L, (L)->pos) - 1, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Initialisation                                                      */
/* ------------------------------------------------------------------ */

/* Checks for NUL bytes and invalid UTF-8 up front (CPython decodes the
 * whole file before tokenizing). */
static void check_source(Lexer *L) {
  const unsigned char *s = (const unsigned char *)L->src;
  int line = 1;
  size_t ls = 0;
  for (size_t i = 0; i < L->limit;) {
    unsigned char c = s[i];
    if (c == 0) {
      fail_at(L, EXC_SyntaxError, true, line, (int)(i - ls),
              "source code cannot contain null bytes");
      return;
    }
    if (c == '\n' || (c == '\r' && !(i + 1 < L->limit && s[i + 1] == '\n'))) {
      line++;
      ls = ++i;
      continue;
    }
    if (c < 0x80) {
      i++;
      continue;
    }
    uint32_t cp;
    int n = utf8_decode(s + i, L->limit - i, &cp);
    if (!n) {
      bool start = c < 0xc2 || c > 0xf4;
      fail_at(L, EXC_SyntaxError, true, line, (int)(i - ls),
              "(unicode error) 'utf-8' codec can't decode byte 0x%02x in "
              "position %d: %s",
              c, (int)(i - ls),
              start ? "invalid start byte"
                    : (i + 1 >= L->limit ? "unexpected end of data"
                                         : "invalid continuation byte"));
      return;
    }
    i += (size_t)n;
  }
}

void dwX_init(Lexer *L, Arena *a, const char *src, size_t len) {
  memset(L, 0, sizeof *L);
  L->src = src ? src : "";
  L->limit = src ? len : 0;
  L->line = 1;
  L->arena = a;
  L->atbol = true;
  /* a UTF-8 byte order mark is ignored; columns count from after it */
  if (L->limit >= 3 && memcmp(L->src, "\xef\xbb\xbf", 3) == 0)
    L->pos = L->line_start = 3;
  check_source(L);
}

void dwX_init_field(Lexer *L, Arena *a, const char *src, size_t start,
                    size_t limit, int line, size_t line_start) {
  memset(L, 0, sizeof *L);
  L->src = src;
  L->limit = limit;
  L->pos = start;
  L->line = line;
  L->line_start = line_start;
  L->arena = a;
  L->field = true;
}

/* ------------------------------------------------------------------ */
/* Numbers                                                             */
/* ------------------------------------------------------------------ */

/* CPython 3.11's verify_end_of_number: a literal may be followed
 * directly by one of the keywords that can follow it in valid code
 * ("1if x else y": and else for or, or if/in/is), but not by other
 * identifier characters. pos is at the byte after the literal. */
static bool verify_end(Lexer *L, const char *kind) {
  int c = cur(L);
  size_t p = L->pos;
  const char *rest = NULL;
  switch (c) {
  case 'a': rest = "nd"; break;
  case 'e': rest = "lse"; break;
  case 'f': rest = "or"; break;
  case 'o': rest = "r"; break;
  case 'i': {
    int c2 = at(L, p + 1);
    if (c2 == 'f' || c2 == 'n' || c2 == 's') return true;
    break;
  }
  default: break;
  }
  if (rest) { /* the whole keyword, not "1andy" */
    size_t k = 0;
    while (rest[k] && at(L, p + 1 + k) == (unsigned char)rest[k]) k++;
    int after = at(L, p + 1 + k);
    if (!rest[k] && !(after >= 0 && is_idchar(after))) return true;
  }
  if (c >= 0 && is_idchar(c)) {
    FAIL_HERE(L, "invalid %s literal", kind);
    return false;
  }
  return true;
}

/* Digits with single underscores between them; pos is at a digit. */
static bool decimal_tail(Lexer *L) {
  for (;;) {
    while (is_digit(cur(L))) L->pos++;
    if (cur(L) != '_') return true;
    L->pos++;
    if (!is_digit(cur(L))) {
      FAIL_HERE(L, "invalid decimal literal");
      return false;
    }
  }
}

/* Digits of base 16/8/2 after the prefix (CPython's loops). */
static bool radix_digits(Lexer *L, int base, const char *kind) {
  do {
    if (cur(L) == '_') L->pos++;
    int c = cur(L);
    bool ok = base == 16 ? is_xdigit(c) : (c >= '0' && c < '0' + base);
    if (!ok) {
      if (base != 16 && is_digit(c)) {
        L->pos++;
        FAIL_HERE(L, "invalid digit '%c' in %s literal", c, kind);
      } else {
        FAIL_HERE(L, "invalid %s literal", kind);
      }
      return false;
    }
    do {
      L->pos++;
      c = cur(L);
    } while (base == 16 ? is_xdigit(c) : (c >= '0' && c < '0' + base));
  } while (cur(L) == '_');
  int c = cur(L);
  if (base != 16 && is_digit(c)) {
    L->pos++;
    FAIL_HERE(L, "invalid digit '%c' in %s literal", c, kind);
    return false;
  }
  return verify_end(L, kind);
}

/* Value of an integer literal's text; sets TF_BIGINT when it does not fit
 * int64. */
static void int_value(Token *t, const char *s, size_t n) {
  int base = 10;
  size_t i = 0;
  if (n >= 2 && s[0] == '0' &&
      ((s[1] | 32) == 'x' || (s[1] | 32) == 'o' || (s[1] | 32) == 'b')) {
    int p = s[1] | 32;
    base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    i = 2;
  }
  uint64_t v = 0;
  for (; i < n; i++) {
    int c = (unsigned char)s[i];
    if (c == '_') continue;
    int d = is_digit(c) ? c - '0' : (c | 32) - 'a' + 10;
    if (v > ((uint64_t)INT64_MAX - (uint64_t)d) / (uint64_t)base) {
      t->flags |= TF_BIGINT;
      return;
    }
    v = v * (uint64_t)base + (uint64_t)d;
  }
  t->ival = (int64_t)v;
}

/* Value of a float literal's text (underscores removed, strtod). */
static void float_value(Lexer *L, Token *t, const char *s, size_t n) {
  char small[128];
  char *buf = n < sizeof small ? small : dwA_alloc(L->arena, n + 1);
  if (!buf) {
    t->fval = 0;
    return;
  }
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (s[i] != '_' && (s[i] | 32) != 'j') buf[k++] = s[i];
  buf[k] = 0;
  t->fval = strtod(buf, NULL);
}

/* Lexes a number starting at pos (a digit, or '.' before a digit). */
static void lex_number(Lexer *L, Token *t) {
  size_t start = L->pos;
  bool is_float = false;
  int c = cur(L);
  if (c == '0' && ((at(L, L->pos + 1) | 32) == 'x' ||
                   (at(L, L->pos + 1) | 32) == 'o' ||
                   (at(L, L->pos + 1) | 32) == 'b')) {
    int p = at(L, L->pos + 1) | 32;
    L->pos += 2;
    if (!radix_digits(L, p == 'x' ? 16 : p == 'o' ? 8 : 2,
                      p == 'x' ? "hexadecimal" : p == 'o' ? "octal"
                                                           : "binary"))
      return;
    goto done;
  }
  if (c == '.') goto fraction;
  if (c == '0') {
    /* "0", "00", "0_0", or a float such as 0.5 / 09.5 / 0e0 */
    bool nonzero = false;
    for (;;) {
      if (cur(L) == '_') {
        L->pos++;
        if (!is_digit(cur(L))) {
          FAIL_HERE(L, "invalid decimal literal");
          return;
        }
      }
      if (cur(L) != '0') break;
      L->pos++;
    }
    if (is_digit(cur(L))) {
      nonzero = true;
      if (!decimal_tail(L)) return;
    }
    c = cur(L);
    if (c == '.') goto fraction;
    if (c == 'e' || c == 'E') goto exponent;
    if (c == 'j' || c == 'J') goto imaginary;
    if (nonzero) {
      fail_at(L, EXC_SyntaxError, true, L->line, col_of(L, start),
              "leading zeros in decimal integer literals are not "
              "permitted; use an 0o prefix for octal integers");
      return;
    }
    if (!verify_end(L, "decimal")) return;
    goto done;
  }
  if (!decimal_tail(L)) return;
  c = cur(L);
  if (c == '.') {
  fraction:
    is_float = true;
    L->pos++; /* the '.' */
    if (is_digit(cur(L)) && !decimal_tail(L)) return;
    c = cur(L);
  }
  if (c == 'e' || c == 'E') {
  exponent:;
    size_t epos = L->pos;
    L->pos++;
    c = cur(L);
    if (c == '+' || c == '-') {
      L->pos++;
      if (!is_digit(cur(L))) {
        FAIL_HERE(L, "invalid decimal literal");
        return;
      }
    } else if (!is_digit(c)) {
      /* "1else", or an error such as "1e" / "1ex" */
      L->pos = epos;
      if (!verify_end(L, "decimal")) return;
      goto done;
    }
    is_float = true;
    if (!decimal_tail(L)) return;
    c = cur(L);
  }
  if (c == 'j' || c == 'J') {
  imaginary:
    L->pos++;
    t->flags |= TF_IMAG;
    if (!verify_end(L, "imaginary")) return;
    is_float = true;
    goto done;
  }
  if (!verify_end(L, "decimal")) return;
done:
  t->kind = is_float ? T_FLOAT : T_INT;
  if (is_float)
    float_value(L, t, L->src + start, L->pos - start);
  else
    int_value(t, L->src + start, L->pos - start);
}

char *dwX_bigint_digits(Arena *a, const char *text, size_t n) {
  int base = 10;
  size_t i = 0;
  if (n >= 2 && text[0] == '0' &&
      ((text[1] | 32) == 'x' || (text[1] | 32) == 'o' ||
       (text[1] | 32) == 'b')) {
    int p = text[1] | 32;
    base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    i = 2;
  }
  if (base == 10) {
    /* just the digits, without underscores and leading zeros */
    char *out = dwA_alloc(a, n + 1);
    if (!out) return NULL;
    size_t k = 0;
    for (; i < n; i++)
      if (text[i] != '_' && !(k == 0 && text[i] == '0')) out[k++] = text[i];
    if (k == 0) out[k++] = '0';
    out[k] = 0;
    return out;
  }
  /* little-endian limbs of 10^9 */
  size_t cap = n / 2 + 2;
  uint32_t *limb = dwA_alloc(a, cap * sizeof *limb);
  if (!limb) return NULL;
  size_t nl = 1;
  for (; i < n; i++) {
    int c = (unsigned char)text[i];
    if (c == '_') continue;
    uint64_t carry = (uint64_t)(is_digit(c) ? c - '0' : (c | 32) - 'a' + 10);
    for (size_t k = 0; k < nl; k++) {
      uint64_t v = (uint64_t)limb[k] * (uint64_t)base + carry;
      limb[k] = (uint32_t)(v % 1000000000u);
      carry = v / 1000000000u;
    }
    if (carry && nl < cap) limb[nl++] = (uint32_t)carry;
  }
  char *out = dwA_alloc(a, nl * 9 + 2);
  if (!out) return NULL;
  int k = sprintf(out, "%u", (unsigned)limb[nl - 1]);
  for (size_t j = nl - 1; j-- > 0;) k += sprintf(out + k, "%09u", (unsigned)limb[j]);
  return out;
}

/* ------------------------------------------------------------------ */
/* Strings                                                             */
/* ------------------------------------------------------------------ */

/* Returns the TF_* prefix flags if s[0..n) is a valid string prefix
 * (r u f b rb br fr rf in any case), else -1. */
static int string_prefix(const char *s, size_t n) {
  if (n > 2) return -1;
  int flags = 0;
  for (size_t i = 0; i < n; i++) {
    int c = s[i] | 32, f;
    if (c == 'r') f = TF_RAW;
    else if (c == 'f') f = TF_FSTR;
    else if (c == 'b') f = TF_BYTES;
    else if (c == 'u' && n == 1) f = 0;
    else return -1;
    if (flags & f) return -1;
    flags |= f;
  }
  if ((flags & TF_FSTR) && (flags & TF_BYTES)) return -1;
  return flags;
}

/* Lexes a string literal whose quote is at pos (the prefix, if any, is
 * already consumed from t->off). */
static void lex_string(Lexer *L, Token *t) {
  int q = cur(L);
  bool triple = at(L, L->pos + 1) == q && at(L, L->pos + 2) == q;
  int qlen = triple ? 3 : 1;
  L->pos += (size_t)qlen;
  t->body = L->pos;
  if (triple) t->flags |= TF_TRIPLE;
  for (;;) {
    int c = cur(L);
    if (c < 0 || (!triple && is_nl(c))) {
      if (L->field) {
        fail_at(L, EXC_SyntaxError, true, t->line, t->col,
                "f-string: unterminated string");
        return;
      }
      int line = L->line;
      if (c < 0 && L->pos > 0 && is_nl(at(L, L->pos - 1)) &&
          L->line_start == L->pos)
        line--; /* the input ends with a line break */
      fail_at(L, EXC_SyntaxError, true, t->line, t->col,
              "unterminated %sstring literal (detected at line %d)",
              triple ? "triple-quoted " : "", line);
      return;
    }
    if (c == '\\') {
      if (L->field) {
        fail_at(L, EXC_SyntaxError, true, L->line, col_of(L, L->pos),
                "f-string expression part cannot include a backslash");
        return;
      }
      L->pos++;
      c = cur(L);
      if (c < 0) continue; /* reported as unterminated */
      if (is_nl(c))
        newline(L);
      else
        L->pos++;
      continue;
    }
    if (is_nl(c)) {
      newline(L);
      continue;
    }
    if (c == q && (!triple || (at(L, L->pos + 1) == q &&
                               at(L, L->pos + 2) == q))) {
      t->body_end = L->pos;
      L->pos += (size_t)qlen;
      t->kind = T_STRING;
      return;
    }
    L->pos++;
  }
}

/* Hex digit value, or -1. */
static int hexval(int c) {
  if (is_digit(c)) return c - '0';
  c |= 32;
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

char *dwX_decode(Arena *a, const char *s, size_t n, bool raw, size_t *outlen,
                 char *err, size_t errcap) {
  err[0] = 0;
  char *out = dwA_alloc(a, n + 1);
  if (!out) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n;) {
    char c = s[i];
    if (c == '\r') { /* universal newlines, as CPython reads source */
      out[k++] = '\n';
      i += (i + 1 < n && s[i + 1] == '\n') ? 2 : 1;
      continue;
    }
    if (c != '\\' || raw) {
      out[k++] = c;
      i++;
      if (raw && c == '\\' && i < n && s[i] != '\r') out[k++] = s[i++];
      continue;
    }
    /* an escape; the body never ends in a lone backslash */
    size_t start = i++;
    char e = i < n ? s[i] : 0;
    i++;
    switch (e) {
    case '\n': break; /* line continuation */
    case '\r':
      if (i < n && s[i] == '\n') i++;
      break;
    case '\\': out[k++] = '\\'; break;
    case '\'': out[k++] = '\''; break;
    case '"': out[k++] = '"'; break;
    case 'a': out[k++] = '\a'; break;
    case 'b': out[k++] = '\b'; break;
    case 'f': out[k++] = '\f'; break;
    case 'n': out[k++] = '\n'; break;
    case 'r': out[k++] = '\r'; break;
    case 't': out[k++] = '\t'; break;
    case 'v': out[k++] = '\v'; break;
    case '0': case '1': case '2': case '3':
    case '4': case '5': case '6': case '7': {
      uint32_t v = (uint32_t)(e - '0');
      for (int d = 0; d < 2 && i < n && s[i] >= '0' && s[i] <= '7'; d++)
        v = v * 8 + (uint32_t)(s[i++] - '0');
      k += (size_t)utf8_encode(out + k, v);
      break;
    }
    case 'x': case 'u': case 'U': {
      int nd = e == 'x' ? 2 : e == 'u' ? 4 : 8;
      uint32_t v = 0;
      int d = 0;
      for (; d < nd && i < n && hexval((unsigned char)s[i]) >= 0; d++)
        v = v * 16 + (uint32_t)hexval((unsigned char)s[i++]);
      if (d < nd) {
        snprintf(err, errcap,
                 "(unicode error) 'unicodeescape' codec can't decode bytes "
                 "in position %zu-%zu: truncated \\%s escape",
                 start, i - 1,
                 e == 'x' ? "xXX" : e == 'u' ? "uXXXX" : "UXXXXXXXX");
        return NULL;
      }
      if (v > 0x10ffff) {
        snprintf(err, errcap,
                 "(unicode error) 'unicodeescape' codec can't decode bytes "
                 "in position %zu-%zu: illegal Unicode character",
                 start, i - 1);
        return NULL;
      }
      k += (size_t)utf8_encode(out + k, v);
      break;
    }
    case 'N':
      if (i < n && s[i] == '{')
        snprintf(err, errcap,
                 "(unicode error) \\N{...} escapes are not supported");
      else
        snprintf(err, errcap,
                 "(unicode error) 'unicodeescape' codec can't decode bytes "
                 "in position %zu-%zu: malformed \\N character escape",
                 start, i - 1);
      return NULL;
    default: /* unknown escapes are kept verbatim, as Python does */
      out[k++] = '\\';
      i--;
      break;
    }
  }
  out[k] = 0;
  *outlen = k;
  return out;
}

/* ------------------------------------------------------------------ */
/* Operators                                                           */
/* ------------------------------------------------------------------ */

/* Operators by spelling, longest first where one is a prefix of another
 * (the search takes the first match). */
static const struct {
  const char *s;
  uint8_t kind;
} ops[] = {
    {"**=", T_POWEQ}, {"//=", T_FLOORDIVEQ}, {"<<=", T_LSHIFTEQ},
    {">>=", T_RSHIFTEQ}, {"...", T_ELLIPSIS}, {"**", T_DSTAR},
    {"//", T_DSLASH}, {"<<", T_LSHIFT}, {">>", T_RSHIFT}, {"<=", T_LE},
    {">=", T_GE}, {"==", T_EQ}, {"!=", T_NE}, {"->", T_ARROW},
    {":=", T_WALRUS}, {"+=", T_ADDEQ}, {"-=", T_SUBEQ}, {"*=", T_MULEQ},
    {"/=", T_DIVEQ}, {"%=", T_MODEQ}, {"&=", T_ANDEQ}, {"|=", T_OREQ},
    {"^=", T_XOREQ}, {"@=", T_MATMULEQ}, {"(", T_LPAR}, {")", T_RPAR},
    {"[", T_LSQB}, {"]", T_RSQB}, {"{", T_LBRACE}, {"}", T_RBRACE},
    {":", T_COLON}, {",", T_COMMA}, {";", T_SEMI}, {".", T_DOT},
    {"=", T_ASSIGN}, {"!", T_BANG}, {"+", T_PLUS}, {"-", T_MINUS},
    {"*", T_STAR}, {"/", T_SLASH}, {"%", T_PERCENT}, {"@", T_AT},
    {"&", T_AMP}, {"|", T_PIPE}, {"^", T_CARET}, {"~", T_TILDE},
    {"<", T_LT}, {">", T_GT},
};

/* Bracket bookkeeping for an operator token just lexed. */
static void track_brackets(Lexer *L, Token *t) {
  int c = L->src[t->off];
  if (c == '(' || c == '[' || c == '{') {
    if (L->level >= DWX_MAXLEVEL) {
      fail_at(L, EXC_SyntaxError, true, t->line, t->col,
              "too many nested parentheses");
      return;
    }
    L->paren[L->level] = (char)c;
    L->paren_line[L->level] = t->line;
    L->paren_col[L->level] = t->col;
    L->level++;
    return;
  }
  if (c != ')' && c != ']' && c != '}') return;
  if (L->level == 0) {
    if (L->field && c == '}') { /* the end of the replacement field */
      L->field_done = true;
      return;
    }
    fail_at(L, EXC_SyntaxError, true, t->line, t->col, "unmatched '%c'", c);
    return;
  }
  int open = L->paren[L->level - 1];
  if ((open == '(' && c != ')') || (open == '[' && c != ']') ||
      (open == '{' && c != '}')) {
    if (L->paren_line[L->level - 1] != t->line)
      fail_at(L, EXC_SyntaxError, true, t->line, t->col,
              "closing parenthesis '%c' does not match opening "
              "parenthesis '%c' on line %d",
              c, open, L->paren_line[L->level - 1]);
    else
      fail_at(L, EXC_SyntaxError, true, t->line, t->col,
              "closing parenthesis '%c' does not match opening "
              "parenthesis '%c'",
              c, open);
    return;
  }
  L->level--;
}

/* ------------------------------------------------------------------ */
/* Indentation                                                         */
/* ------------------------------------------------------------------ */

/* At the beginning of a line (outside brackets): measures the
 * indentation, skips blank and comment-only lines, and queues INDENT or
 * DEDENT tokens. Returns false on error. */
static bool indentation(Lexer *L) {
  for (;;) {
    int col = 0, tabcol = -1, cont_col = -1;
    size_t p = L->pos;
    for (;; p++) {
      int c = at(L, p);
      if (c == ' ') col++;
      else if (c == '\t') {
        if (tabcol < 0) tabcol = (int)(p - L->line_start);
        col = (col / 8 + 1) * 8;
      } else if (c == '\f') col = 0;
      else if (c == '\\' && is_nl(at(L, p + 1))) {
        /* as CPython: the first backslash in the indentation fixes the
           level of what follows on the next physical line */
        if (cont_col < 0) cont_col = col;
        int bline = L->line, bcol = (int)(p - L->line_start) + 1;
        L->pos = p + 1;
        newline(L);
        p = L->pos - 1; /* the loop's p++ moves to the next line */
        if (at(L, L->pos) < 0) {
          fail_at(L, EXC_SyntaxError, false, bline, bcol,
                  "unexpected EOF while parsing");
          return false;
        }
      } else break;
    }
    if (cont_col >= 0) col = cont_col;
    int c = at(L, p);
    if (c == '#') { /* comment-only line */
      while (at(L, p) >= 0 && !is_nl(at(L, p))) p++;
      c = at(L, p);
    }
    if (is_nl(c)) { /* blank line: ignored */
      L->pos = p;
      newline(L);
      continue;
    }
    L->pos = p;
    if (c < 0) return true; /* trailing blank lines at EOF */
    L->atbol = false;
    if (L->level > 0) return true; /* continuation inside brackets */
    if (tabcol >= 0) {
      fail_at(L, EXC_SyntaxError, false, L->line, tabcol,
              "tabs are not allowed in indentation; use spaces");
      return false;
    }
    int top = L->indstack[L->nind];
    L->pend_line = L->line;
    L->pend_col = col;
    if (col > top) {
      if (L->nind >= DWX_MAXINDENT) {
        fail_at(L, EXC_SyntaxError, false, L->line, col,
                "too many statically nested blocks");
        return false;
      }
      L->indstack[++L->nind] = col;
      L->pending = 1;
    } else if (col < top) {
      int n = 0;
      while (L->nind > 0 && col < L->indstack[L->nind]) {
        L->nind--;
        n++;
      }
      if (col != L->indstack[L->nind]) {
        size_t e = p;
        while (at(L, e) >= 0 && !is_nl(at(L, e))) e++;
        fail_at(L, EXC_IndentationError, false, L->line,
                (int)(e - L->line_start),
                "unindent does not match any outer indentation level");
        return false;
      }
      L->pending = -n;
    }
    return true;
  }
}

/* ------------------------------------------------------------------ */
/* The tokenizer                                                       */
/* ------------------------------------------------------------------ */

static void set_start(Lexer *L, Token *t, uint8_t kind) {
  t->kind = kind;
  t->off = L->pos;
  t->line = L->line;
  t->col = col_of(L, L->pos);
}

static void set_end(Lexer *L, Token *t) {
  t->end = L->pos;
  t->end_line = L->line;
  t->end_col = col_of(L, L->pos);
}

/* A token without text at (line, col): NEWLINE, INDENT, DEDENT, EOF. */
static void empty_token(Token *t, uint8_t kind, size_t off, int line,
                        int col) {
  t->kind = kind;
  t->off = t->end = off;
  t->line = t->end_line = line;
  t->col = t->end_col = col;
}

/* Where CPython reports errors at the end of input: the end of the last
 * line (not the empty line after a final line break). */
static void eof_position(const Lexer *L, int *line, int *col) {
  if (L->pos == L->line_start && L->line > 1 && L->pos > 0 &&
      L->limit > 0 && is_nl(at(L, L->pos - 1))) {
    size_t e = L->pos - 1;
    if (e > 0 && L->src[e] == '\n' && L->src[e - 1] == '\r') e--;
    size_t s = e;
    while (s > 0 && !is_nl((unsigned char)L->src[s - 1])) s--;
    *line = L->line - 1;
    *col = (int)(e - s);
  } else {
    *line = L->line;
    *col = col_of(L, L->pos);
  }
}

static void error_token(Lexer *L, Token *t) {
  empty_token(t, T_ERROR, L->pos, L->eline, L->ecol);
}

void dwX_next(Lexer *L, Token *t) {
  memset(t, 0, sizeof *t);
  if (L->failed) {
    error_token(L, t);
    return;
  }
  if (L->field_done) {
    empty_token(t, T_EOF, L->pos, L->line, col_of(L, L->pos));
    return;
  }
  size_t comment = 0; /* where a comment before the line break began */
  for (;;) {
    if (L->pending > 0) {
      L->pending--;
      empty_token(t, T_INDENT, L->pos, L->pend_line, L->pend_col);
      return;
    }
    if (L->pending < 0) {
      L->pending++;
      empty_token(t, T_DEDENT, L->pos, L->pend_line, L->pend_col);
      return;
    }
    if (L->atbol && !L->field) {
      if (!indentation(L)) {
        error_token(L, t);
        return;
      }
      if (L->pending) continue;
    }
    /* whitespace between tokens */
    int c = cur(L);
    while (c == ' ' || c == '\t' || c == '\f') c = at(L, ++L->pos);
    if (c < 0) { /* end of input */
      if (L->field) {
        empty_token(t, T_EOF, L->pos, L->line, col_of(L, L->pos));
        return;
      }
      if (L->level > 0) {
        int k = L->level - 1;
        fail_at(L, EXC_SyntaxError, false, L->paren_line[k],
                L->paren_col[k], "'%c' was never closed", L->paren[k]);
        error_token(L, t);
        return;
      }
      int line, col;
      if (L->line_has_tokens) { /* implicit NEWLINE at the end */
        L->line_has_tokens = false;
        line = L->line;
        col = col_of(L, comment ? comment : L->pos);
        empty_token(t, T_NEWLINE, L->pos, line, col);
        return;
      }
      eof_position(L, &line, &col);
      if (L->nind > 0) {
        L->nind--;
        empty_token(t, T_DEDENT, L->pos, line, col);
        return;
      }
      empty_token(t, T_EOF, L->pos, line, col);
      return;
    }
    if (c == '#') {
      if (L->field) {
        fail_at(L, EXC_SyntaxError, true, L->line, col_of(L, L->pos),
                "f-string expression part cannot include '#'");
        error_token(L, t);
        return;
      }
      comment = L->pos;
      while (cur(L) >= 0 && !is_nl(cur(L))) L->pos++;
      continue;
    }
    if (is_nl(c)) {
      if (L->level > 0 || L->field || !L->line_has_tokens) {
        newline(L); /* implicit line joining inside brackets */
        comment = 0;
        if (!L->field && L->level == 0) L->atbol = true;
        continue;
      }
      empty_token(t, T_NEWLINE, L->pos, L->line,
                  col_of(L, comment ? comment : L->pos));
      t->end_col = t->col + 1;
      newline(L);
      L->atbol = true;
      L->line_has_tokens = false;
      return;
    }
    if (c == '\\') {
      if (L->field) {
        fail_at(L, EXC_SyntaxError, true, L->line, col_of(L, L->pos),
                "f-string expression part cannot include a backslash");
        error_token(L, t);
        return;
      }
      /* errors here do not replace earlier ones (CPython's E_LINECONT,
         E_EOF) */
      L->pos++;
      c = cur(L);
      int bline = L->line, bcol = col_of(L, L->pos);
      if (c >= 0 && !is_nl(c)) {
        fail_at(L, EXC_SyntaxError, false, L->line, col_of(L, L->pos),
                "unexpected character after line continuation character");
        error_token(L, t);
        return;
      }
      if (c >= 0) newline(L);
      if (cur(L) < 0) {
        fail_at(L, EXC_SyntaxError, false, bline, bcol,
                "unexpected EOF while parsing");
        error_token(L, t);
        return;
      }
      continue;
    }
    break;
  }

  /* a real token starts here */
  L->line_has_tokens = true;
  int c = cur(L);
  set_start(L, t, T_ERROR);

  if (is_alpha(c) || c >= 128) { /* identifier, keyword or string prefix */
    size_t start = L->pos;
    for (;;) {
      c = cur(L);
      if (c >= 128) {
        uint32_t cp = 0;
        int n = utf8_decode((const unsigned char *)L->src + L->pos,
                            L->limit - L->pos, &cp);
        if (n == 0) n = 1; /* not reached: the source was validated */
        if (!is_id_codepoint(cp)) {
          if (is_nonprintable(cp))
            fail_at(L, EXC_SyntaxError, true, L->line, col_of(L, L->pos),
                    "invalid non-printable character U+%04X", (unsigned)cp);
          else
            fail_at(L, EXC_SyntaxError, true, L->line, col_of(L, L->pos),
                    "invalid character '%.*s' (U+%04X)", n,
                    L->src + L->pos, (unsigned)cp);
          error_token(L, t);
          return;
        }
        L->pos += (size_t)n;
      } else if (c >= 0 && is_idchar(c)) {
        L->pos++;
      } else {
        break;
      }
    }
    size_t n = L->pos - start;
    if (c == '"' || c == '\'') {
      int flags = string_prefix(L->src + start, n);
      if (flags >= 0) {
        t->flags = (uint8_t)flags;
        lex_string(L, t);
        if (L->failed) error_token(L, t);
        else set_end(L, t);
        return;
      }
    }
    t->kind = T_NAME;
    for (int k = T_FIRST_KEYWORD; k <= T_LAST_KEYWORD; k++) {
      if (strlen(dwX_token_text[k]) == n &&
          memcmp(dwX_token_text[k], L->src + start, n) == 0) {
        t->kind = (uint8_t)k;
        break;
      }
    }
    set_end(L, t);
    return;
  }
  if (is_digit(c) || (c == '.' && is_digit(at(L, L->pos + 1)))) {
    lex_number(L, t);
    if (L->failed) error_token(L, t);
    else set_end(L, t);
    return;
  }
  if (c == '"' || c == '\'') {
    lex_string(L, t);
    if (L->failed) error_token(L, t);
    else set_end(L, t);
    return;
  }
  if (L->field && L->level == 0) {
    /* what ends the expression of a replacement field */
    int c2 = at(L, L->pos + 1);
    uint8_t stop = c == ':' ? T_COLON
                   : c == '!' && c2 != '=' ? T_BANG
                   : c == '=' && c2 != '=' ? T_ASSIGN
                   : c == '}' ? T_RBRACE : 0;
    if (stop) {
      L->pos++;
      t->kind = stop;
      L->field_done = true;
      set_end(L, t);
      return;
    }
  }
  for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
    size_t n = strlen(ops[k].s);
    if (L->pos + n <= L->limit && memcmp(L->src + L->pos, ops[k].s, n) == 0) {
      L->pos += n;
      t->kind = ops[k].kind;
      set_end(L, t);
      track_brackets(L, t);
      if (L->failed) error_token(L, t);
      return;
    }
  }
  /* anything else: $ ? ` or a control character */
  if (c < 0x20 || c == 0x7f) {
    fail_at(L, EXC_SyntaxError, true, L->line, col_of(L, L->pos),
            "invalid non-printable character U+%04X", (unsigned)c);
  } else {
    /* CPython passes these to the parser, which says "invalid syntax"
       there; such an error does not replace an earlier one */
    fail_at(L, EXC_SyntaxError, false, L->line, col_of(L, L->pos),
            "invalid syntax");
  }
  error_token(L, t);
}
