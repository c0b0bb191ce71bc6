/* lex.h - private interface between lex.c (dwX_) and parse.c (dwP_).
 *
 * The lexer turns source bytes into tokens on demand (dwX_next), Python
 * style: indentation becomes INDENT/DEDENT tokens, line breaks inside
 * brackets or after a backslash are joined, comments and blank lines
 * vanish. String tokens are not decoded here: the token records where the
 * body (between the quotes) is, and the parser decodes it (dwX_decode) or,
 * for f-strings, splits it into literal text and replacement fields. The
 * expression of a replacement field is lexed by a second Lexer over the
 * same source bytes, started with dwX_init_field.
 */
#ifndef DW_LEX_H
#define DW_LEX_H

#include "dw.h"

/* Limits (CPython's MAXLEVEL is 200 as well). */
#define DWX_MAXLEVEL 200  /* open brackets */
#define DWX_MAXINDENT 200 /* indentation levels (nested blocks) */

/* Token kinds. X(kind, spelling): the spelling is what error messages
 * and the keyword table use ("" for kinds without fixed text). */
#define DWX_TOKENS(X)                                                    \
  /* structure */                                                        \
  X(T_EOF, "")            /* end of input (CPython's ENDMARKER) */       \
  X(T_ERROR, "")          /* lexing failed here; see Lexer.emsg */       \
  X(T_NEWLINE, "")        /* end of a logical line */                    \
  X(T_INDENT, "")         /* the next line is indented deeper */         \
  X(T_DEDENT, "")         /* one indentation level closed */             \
  /* atoms */                                                            \
  X(T_NAME, "")           /* identifier that is not a keyword */         \
  X(T_INT, "")            /* integer literal: Token.ival (TF_BIGINT) */  \
  X(T_FLOAT, "")          /* float literal: Token.fval */                \
  X(T_STRING, "")         /* one string literal, any prefix (TF_*) */    \
  /* brackets */                                                         \
  X(T_LPAR, "(")          /* ( */                                        \
  X(T_RPAR, ")")          /* ) */                                        \
  X(T_LSQB, "[")          /* [ */                                        \
  X(T_RSQB, "]")          /* ] */                                        \
  X(T_LBRACE, "{")        /* { */                                        \
  X(T_RBRACE, "}")        /* } */                                        \
  /* punctuation */                                                      \
  X(T_COLON, ":")         /* : blocks, slices, dict entries */           \
  X(T_COMMA, ",")         /* , */                                        \
  X(T_SEMI, ";")          /* ; statement separator */                    \
  X(T_DOT, ".")           /* . attribute access, relative imports */     \
  X(T_ELLIPSIS, "...")    /* ... */                                      \
  X(T_ARROW, "->")        /* -> return annotation */                     \
  X(T_ASSIGN, "=")        /* = assignment, keyword arguments */          \
  X(T_WALRUS, ":=")       /* := named expression */                      \
  X(T_BANG, "!")          /* ! conversion, only inside f-string fields */ \
  /* binary and unary operators */                                       \
  X(T_PLUS, "+")          /* + */                                        \
  X(T_MINUS, "-")         /* - */                                        \
  X(T_STAR, "*")          /* * multiplication, unpacking, bare star */   \
  X(T_DSTAR, "**")        /* ** power, dict unpacking */                 \
  X(T_SLASH, "/")         /* / division, positional-only marker */       \
  X(T_DSLASH, "//")       /* // floor division */                        \
  X(T_PERCENT, "%")       /* % */                                        \
  X(T_AT, "@")            /* @ matmul, decorators */                     \
  X(T_AMP, "&")           /* & */                                        \
  X(T_PIPE, "|")          /* | */                                        \
  X(T_CARET, "^")         /* ^ */                                        \
  X(T_TILDE, "~")         /* ~ */                                        \
  X(T_LSHIFT, "<<")       /* << */                                       \
  X(T_RSHIFT, ">>")       /* >> */                                       \
  /* comparisons */                                                      \
  X(T_EQ, "==")           /* == */                                       \
  X(T_NE, "!=")           /* != */                                       \
  X(T_LT, "<")            /* < */                                        \
  X(T_LE, "<=")           /* <= */                                       \
  X(T_GT, ">")            /* > */                                        \
  X(T_GE, ">=")           /* >= */                                       \
  /* augmented assignment (same order as BinOp: T_ADDEQ + op) */         \
  X(T_ADDEQ, "+=")        /* += */                                       \
  X(T_SUBEQ, "-=")        /* -= */                                       \
  X(T_MULEQ, "*=")        /* *= */                                       \
  X(T_DIVEQ, "/=")        /* /= */                                       \
  X(T_FLOORDIVEQ, "//=")  /* //= */                                      \
  X(T_MODEQ, "%=")        /* %= */                                       \
  X(T_POWEQ, "**=")       /* **= */                                      \
  X(T_MATMULEQ, "@=")     /* @= */                                       \
  X(T_LSHIFTEQ, "<<=")    /* <<= */                                      \
  X(T_RSHIFTEQ, ">>=")    /* >>= */                                      \
  X(T_ANDEQ, "&=")        /* &= */                                       \
  X(T_OREQ, "|=")         /* |= */                                       \
  X(T_XOREQ, "^=")        /* ^= */                                       \
  /* keywords (Python 3.11's hard keywords) */                           \
  X(T_FALSE, "False")     /* False */                                    \
  X(T_NONE, "None")       /* None */                                     \
  X(T_TRUE, "True")       /* True */                                     \
  X(T_AND, "and")         /* and */                                      \
  X(T_AS, "as")           /* as (import, with, except) */                \
  X(T_ASSERT, "assert")   /* assert */                                   \
  X(T_ASYNC, "async")     /* async (not supported) */                    \
  X(T_AWAIT, "await")     /* await (not supported) */                    \
  X(T_BREAK, "break")     /* break */                                    \
  X(T_CLASS, "class")     /* class */                                    \
  X(T_CONTINUE, "continue") /* continue */                               \
  X(T_DEF, "def")         /* def */                                      \
  X(T_DEL, "del")         /* del */                                      \
  X(T_ELIF, "elif")       /* elif */                                     \
  X(T_ELSE, "else")       /* else (if, for, while, try, x if c else y) */ \
  X(T_EXCEPT, "except")   /* except */                                   \
  X(T_FINALLY, "finally") /* finally */                                  \
  X(T_FOR, "for")         /* for (statements and comprehensions) */      \
  X(T_FROM, "from")       /* from (imports, raise ... from) */           \
  X(T_GLOBAL, "global")   /* global */                                   \
  X(T_IF, "if")           /* if (statements, comprehensions, x if c) */  \
  X(T_IMPORT, "import")   /* import */                                   \
  X(T_IN, "in")           /* in (for, comparisons) */                    \
  X(T_IS, "is")           /* is */                                       \
  X(T_LAMBDA, "lambda")   /* lambda */                                   \
  X(T_NONLOCAL, "nonlocal") /* nonlocal */                               \
  X(T_NOT, "not")         /* not */                                      \
  X(T_OR, "or")           /* or */                                       \
  X(T_PASS, "pass")       /* pass */                                     \
  X(T_RAISE, "raise")     /* raise */                                    \
  X(T_RETURN, "return")   /* return */                                   \
  X(T_TRY, "try")         /* try */                                      \
  X(T_WHILE, "while")     /* while */                                    \
  X(T_WITH, "with")       /* with */                                     \
  X(T_YIELD, "yield")     /* yield (generators: runtime/gen.c) */

typedef enum TokKind {
#define X(kind, text) kind,
  DWX_TOKENS(X)
#undef X
      T_COUNT
} TokKind;

#define T_FIRST_KEYWORD T_FALSE
#define T_LAST_KEYWORD T_YIELD

extern const char *const dwX_token_text[T_COUNT];

/* Token flags (TF_*). */
enum {
  TF_RAW = 1,     /* string: r prefix (no escape processing) */
  TF_FSTR = 2,    /* string: f prefix */
  TF_BYTES = 4,   /* string: b prefix (rejected by the parser) */
  TF_TRIPLE = 8,  /* string: triple-quoted */
  TF_BIGINT = 16, /* int: does not fit int64 (ival is meaningless) */
  TF_IMAG = 32,   /* number with a j suffix (rejected by the parser) */
};

typedef struct Token {
  uint8_t kind;          /* TokKind */
  uint8_t flags;         /* TF_* */
  int line, col;         /* start (1-based line, 0-based byte column) */
  int end_line, end_col; /* just past the last byte */
  size_t off, end;       /* the token's bytes: src[off, end) */
  size_t body, body_end; /* T_STRING: the bytes between the quotes */
  int64_t ival;          /* T_INT */
  double fval;           /* T_FLOAT */
} Token;

typedef struct Lexer {
  const char *src;       /* the whole source */
  size_t limit;          /* lex src[.., limit): the source or field end */
  size_t pos;            /* next byte to read */
  int line;              /* line of src[pos] */
  size_t line_start;     /* offset where that line starts */
  Arena *arena;          /* scratch for number conversion */
  /* indentation */
  bool atbol;            /* at the beginning of a line */
  int indstack[DWX_MAXINDENT + 1];
  int nind;              /* indstack[0..nind] are open levels; [0] = 0 */
  int pending;           /* > 0: INDENTs to emit, < 0: DEDENTs */
  int pend_line, pend_col; /* where those tokens are */
  bool line_has_tokens;  /* a NEWLINE is due before EOF */
  /* brackets */
  int level;             /* open brackets */
  char paren[DWX_MAXLEVEL];
  int paren_line[DWX_MAXLEVEL], paren_col[DWX_MAXLEVEL];
  /* f-string replacement field mode (dwX_init_field) */
  bool field;            /* lexing the expression of an f-string field */
  bool field_done;       /* met the field's ! : = or }: only T_EOF now */
  /* error: the T_ERROR token's message */
  bool failed;
  bool overrides;        /* CPython lets this error replace a parser
                            error found earlier in the file */
  ExcType etype;
  int eline, ecol;
  char emsg[200];
} Lexer;

/* A lexer over src[0, len) (the whole module). */
void dwX_init(Lexer *L, Arena *a, const char *src, size_t len);
/* A lexer for the expression of an f-string replacement field starting at
 * src[start] (line `line`, whose first byte is src[line_start]) and ending
 * at src[limit] (the end of the string body). */
void dwX_init_field(Lexer *L, Arena *a, const char *src, size_t start,
                    size_t limit, int line, size_t line_start);
/* The next token. After T_ERROR or T_EOF every call returns the same. */
void dwX_next(Lexer *L, Token *t);
/* Formats an error message into dst (cap bytes, truncated), with
 * CPython's "f-string: " prefix inside a replacement field. */
void dwX_vformat_msg(char *dst, size_t cap, bool field, const char *fmt, va_list ap);

/* Decodes a (non f-) string body: escapes unless raw, \r\n -> \n.
 * Returns the bytes (NUL-terminated, in the arena) and their length, or
 * NULL with a message in err (errcap bytes) when an escape is invalid.
 * NULL with err[0] == 0 means out of memory. */
char *dwX_decode(Arena *a, const char *s, size_t n, bool raw, size_t *outlen,
                 char *err, size_t errcap);

/* Decimal digits of a TF_BIGINT literal's text (prefix and underscores
 * allowed), in the arena; NULL on out of memory. */
char *dwX_bigint_digits(Arena *a, const char *text, size_t n);

#endif /* DW_LEX_H */
