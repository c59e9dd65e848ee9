// parse5's parser, with a tokenizer that takes runs of plain characters in one step.
//
// parse5's tokenizer turns its state machine once per code point. Most of a page is long runs in
// which no character can change the state: about half the bytes of the evaluation corpus are
// script and style text, and a third are tags, mostly attribute values. Here parse5 handles the
// first character of a run as usual, and the rest of the run is taken at once: up to the next
// character the state reacts to (`<`, `&`, a closing quote, `-` in a comment, a change between
// white space and other text), one the preprocessor rewrites (NUL, CR, surrogates), or an LF;
// parse5 handles those itself, so it still counts the lines. The preprocessor's position is moved
// exactly as reading the run one character at a time would, so trees and source locations are
// parse5's.
//
// One difference in tokens, none in trees: script and style text, which the parser inserts alike
// whether it is white space or not, comes as one character token rather than alternating white
// space and character tokens.
//
// Everything here leans on parse5's protected members and its preprocessor's private fields, which
// TypeScript cannot check through the casts. So parse5 is pinned (UPGRADING.md says how to move
// it), and when this module loads it checks that every member it uses is there and that a probe
// document comes out as stock parse5 builds it; if not, it warns once and parses with stock parse5
// (slower, same trees). test/shared/core/dom/tokenizer.test.ts and differential.test.ts compare
// trees with stock parse5's, html5lib-tests included.
import { type DefaultTreeAdapterMap, InsertionMode, Parser, type ParserOptions, serialize, Token, Tokenizer, type TokenizerOptions, type TreeAdapterTypeMap } from 'parse5';

const NUL = 0x00;
const TAB = 0x09;
const LF = 0x0a;
const FF = 0x0c;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const AMPERSAND = 0x26;
const APOSTROPHE = 0x27;
const HYPHEN = 0x2d;
const LESS_THAN = 0x3c;
const EOF = -1;

/** The preprocessor's line bookkeeping, private in parse5's typings. */
interface PreprocessorLines {
  html: string;
  pos: number;
  line: number;
  lineStartPos: number;
  isEol: boolean;
}

/** White space as parse5's tokenizer groups it into character tokens (CR never reaches a run). */
function isTokenWhitespace(code: number): boolean {
  return code === SPACE || code === LF || code === TAB || code === FF;
}

/** Code units parse5's preprocessor rewrites or pairs, so a run never takes them. */
function isPreprocessed(code: number): boolean {
  return code === NUL || code === CR || (code & 0xf800) === 0xd800;
}

// What ends a run in each state: its own delimiters, what the preprocessor rewrites, and LF (so a
// run lies within one line, and parse5 itself counts lines).
const TEXT_STOPS = /[<\0\r\n\uD800-\uDFFF]/g;
const DOUBLE_QUOTED_STOPS = /["&\0\r\n\uD800-\uDFFF]/g;
const SINGLE_QUOTED_STOPS = /['&\0\r\n\uD800-\uDFFF]/g;
const COMMENT_STOPS = /[-<\0\r\n\uD800-\uDFFF]/g;
const DATA_STOPS = /[<&\0\r\n\uD800-\uDFFF]/g;
const NOT_WHITESPACE = /[^ \n\t\f]/g;

/** Modes whose rules for white space and other text differ only in that other text sets `framesetOk`. */
const BODY_TEXT_MODES: ReadonlySet<InsertionMode> = new Set([InsertionMode.IN_BODY, InsertionMode.IN_CAPTION, InsertionMode.IN_CELL, InsertionMode.IN_TEMPLATE]);

class RunTokenizer extends Tokenizer {
  constructor(
    options: TokenizerOptions,
    private readonly parser: Parser<TreeAdapterTypeMap>,
  ) {
    super(options, parser);
  }

  /**
   * Whether the code point just read may start a run: it is the input's own code unit (not a CR
   * read as LF, nor a surrogate pair), and the parser is not paused. The state is still `state`:
   * no plain character changes it today, and the check keeps a later parse5 from running on in
   * a state it left.
   */
  private mayRun(cp: number, state: Tokenizer['state']): boolean {
    const input = this.preprocessor as unknown as PreprocessorLines;
    return cp !== EOF && this.state === state && !this.paused && input.html.charCodeAt(input.pos) === cp;
  }

  /**
   * Reads on from the current code point up to, not including, the next code unit `stops` matches
   * (a global regular expression: it scans far faster than a loop); the pending run of the
   * current token grows to match.
   */
  private takeRun(stops: RegExp): void {
    const input = this.preprocessor as unknown as PreprocessorLines;
    const { html } = input;
    stops.lastIndex = input.pos + 1;
    const end = stops.test(html) ? stops.lastIndex - 1 : html.length;
    this.takeTo(input, end);
  }

  /** Moves the preprocessor to just before `end`, as reading each code unit up to there (none an LF) would. */
  private takeTo(input: PreprocessorLines, end: number): void {
    const from = input.pos + 1;
    if (end <= from) return;
    // As Preprocessor.advance: the character after an LF starts a new line.
    if (input.isEol) {
      input.line++;
      input.lineStartPos = from;
      input.isEol = false;
    }
    this.consumedAfterSnapshot += end - from;
    input.pos = end - 1;
    this.runEnd = end;
  }

  /** Reads on through code units of the white-space class `whitespace` (words are short: a loop beats a regular expression). */
  private takeWordRun(whitespace: boolean): void {
    const input = this.preprocessor as unknown as PreprocessorLines;
    const { html } = input;
    let at = input.pos + 1;
    for (; at < html.length; at++) {
      const code = html.charCodeAt(at);
      if (code === LESS_THAN || code === AMPERSAND || code === LF || isPreprocessed(code) || isTokenWhitespace(code) !== whitespace) break;
    }
    this.takeTo(input, at);
  }

  /**
   * Text in the body: one token for white space and words together, a character token as soon as
   * it holds anything but white space. The parser would reconstruct the formatting elements and
   * insert each of the tokens parse5 makes, and clear `framesetOk` at the first that is not white
   * space: the same tree. (In foreign content, svg or math, it inserts both kinds without
   * reconstructing: the same holds.) Not right after <pre>, <listing> or <textarea>, whose first
   * newline the parser drops only from a white-space token.
   */
  private bodyTextRun(cp: number): boolean {
    if (!BODY_TEXT_MODES.has(this.parser.insertionMode) || this.parser.skipNextNewLine || !this.mayRun(cp, this.state)) return false;
    const whitespace = isTokenWhitespace(cp);
    const token = this.currentCharacterToken;
    if (token === null || token.type === Token.TokenType.NULL_CHARACTER) this._ensureCharacterToken(whitespace ? Token.TokenType.WHITESPACE_CHARACTER : Token.TokenType.CHARACTER);
    else if (!whitespace) token.type = Token.TokenType.CHARACTER;
    this._extendRun(cp);
    const input = this.preprocessor as unknown as PreprocessorLines;
    const from = input.pos + 1;
    DATA_STOPS.lastIndex = from;
    const end = DATA_STOPS.test(input.html) ? DATA_STOPS.lastIndex - 1 : input.html.length;
    const current = this.currentCharacterToken!;
    if (current.type === Token.TokenType.WHITESPACE_CHARACTER && end > from) {
      // The scan stops at `end` at the latest: what stops a run is not white space.
      NOT_WHITESPACE.lastIndex = from;
      if (NOT_WHITESPACE.test(input.html) && NOT_WHITESPACE.lastIndex - 1 < end) current.type = Token.TokenType.CHARACTER;
    }
    this.takeTo(input, end);
    return true;
  }

  /**
   * Script or style text: one character token, however white space falls in it. Only in the
   * parser's TEXT mode, where both kinds are inserted alike: parsing a document, these states come
   * with no other mode, but a fragment's context element can set them in another.
   */
  private textRun(cp: number): boolean {
    if (this.parser.insertionMode !== InsertionMode.TEXT || !this.mayRun(cp, this.state)) return false;
    if (this.currentCharacterToken?.type !== Token.TokenType.CHARACTER) this._ensureCharacterToken(Token.TokenType.CHARACTER);
    this._extendRun(cp);
    this.takeRun(TEXT_STOPS);
    return true;
  }

  protected override _stateData(cp: number): void {
    if (cp === LESS_THAN || cp === AMPERSAND || cp === NUL || cp === EOF) super._stateData(cp);
    else if (!this.bodyTextRun(cp)) {
      const state = this.state;
      super._stateData(cp);
      if (this.mayRun(cp, state)) this.takeWordRun(isTokenWhitespace(cp));
    }
  }

  protected override _stateRawtext(cp: number): void {
    if (cp === LESS_THAN || cp === NUL || !this.textRun(cp)) super._stateRawtext(cp);
  }

  protected override _stateScriptData(cp: number): void {
    if (cp === LESS_THAN || cp === NUL || !this.textRun(cp)) super._stateScriptData(cp);
  }

  protected override _stateAttributeValueDoubleQuoted(cp: number): void {
    const state = this.state;
    super._stateAttributeValueDoubleQuoted(cp);
    if (cp !== QUOTE && cp !== AMPERSAND && cp !== NUL && this.mayRun(cp, state)) this.takeRun(DOUBLE_QUOTED_STOPS);
  }

  protected override _stateAttributeValueSingleQuoted(cp: number): void {
    const state = this.state;
    super._stateAttributeValueSingleQuoted(cp);
    if (cp !== APOSTROPHE && cp !== AMPERSAND && cp !== NUL && this.mayRun(cp, state)) this.takeRun(SINGLE_QUOTED_STOPS);
  }

  protected override _stateComment(cp: number): void {
    const state = this.state;
    super._stateComment(cp);
    if (cp !== HYPHEN && cp !== LESS_THAN && cp !== NUL && this.mayRun(cp, state)) this.takeRun(COMMENT_STOPS);
  }
}

/** Called for every tag the parser handles (see RunParser). */
export type TagTick = () => void;

/** parse5's parser with the run-taking tokenizer. Parse errors, when asked for, come from stock parse5. */
class RunParser<T extends TreeAdapterTypeMap> extends Parser<T> {
  /** Set before parsing starts (parse5's static `parse` constructs the parser itself). */
  static pendingTick: TagTick | null = null;
  /** False: stock parse5's tokenizer (the fast one is off, or a test compares the two). */
  static pendingFast = true;
  private readonly tagTick: TagTick | null = RunParser.pendingTick;

  constructor(options?: Partial<ParserOptions<T>>) {
    super(options);
    // Parse errors are reported per character: runs would skip the checks, so they are left to parse5.
    if (RunParser.pendingFast && !this.options.onParseError) this.tokenizer = new RunTokenizer(this.options, this as unknown as Parser<TreeAdapterTypeMap>);
  }

  // An end tag that closes nothing scans the whole stack of open elements and creates no node:
  // thousands of them under thousands of open elements would never reach the budget otherwise.
  override onStartTag(token: Token.TagToken): void {
    this.tagTick?.();
    super.onStartTag(token);
  }

  override onEndTag(token: Token.TagToken): void {
    this.tagTick?.();
    super.onEndTag(token);
  }
}

// ---- what this module relies on in parse5, checked when it loads ----

/** Protected methods of parse5's Tokenizer called or overridden above. */
const TOKENIZER_METHODS = ['_ensureCharacterToken', '_extendRun', '_stateData', '_stateRawtext', '_stateScriptData', '_stateAttributeValueDoubleQuoted', '_stateAttributeValueSingleQuoted', '_stateComment'] as const;
/** Protected fields of a Tokenizer read or written above. */
const TOKENIZER_FIELDS = ['state', 'paused', 'preprocessor', 'consumedAfterSnapshot', 'runEnd', 'currentCharacterToken'] as const;
/** The Preprocessor's private fields moved by `takeTo` (see PreprocessorLines). */
const PREPROCESSOR_FIELDS = ['html', 'pos', 'line', 'lineStartPos', 'isEol'] as const satisfies ReadonlyArray<keyof PreprocessorLines>;
/** The Parser's fields read above. */
const PARSER_FIELDS = ['insertionMode', 'skipNextNewLine', 'tokenizer', 'options'] as const;
/** A document through every state a run is taken in: body text, attribute values both ways, comments, script, style. */
const PROBE = `<!DOCTYPE html><title>t &amp; u</title><style>a > b { c: d }</style><p class="x y" title='z&quot;'>Words  and\n spaces &lt; <b>bold</b></p><!-- a - b --><script>if (a < b) x = "</p>";</script><table> <tr><td> cell </td></tr> </table><pre>\nkept</pre>`;

/** The members of parse5 this module uses that the given parse5 lacks (`Parser`, `Tokenizer` passed to test an older or newer one). */
export function missingParse5Members(parser: Parser<TreeAdapterTypeMap> = new Parser(), tokenizer: { prototype: object } = Tokenizer): string[] {
  const missing: string[] = [];
  const methods = tokenizer.prototype as Record<string, unknown>;
  for (const name of TOKENIZER_METHODS) if (typeof methods[name] !== 'function') missing.push(`Tokenizer.${name}()`);
  const fields = parser.tokenizer as unknown as Record<string, unknown>;
  for (const name of TOKENIZER_FIELDS) if (!(name in fields)) missing.push(`Tokenizer.${name}`);
  const input = (fields.preprocessor ?? {}) as Record<string, unknown>;
  for (const name of PREPROCESSOR_FIELDS) if (!(name in input)) missing.push(`Preprocessor.${name}`);
  for (const name of PARSER_FIELDS) if (!(name in parser)) missing.push(`Parser.${name}`);
  return missing;
}

export interface FastTokenizer {
  /** Runs are taken (the members are there and the probe parses as stock parse5 parses it). */
  enabled: boolean;
  /** Why not, when not. */
  reason?: string;
}

/** Decides, once, whether the run-taking tokenizer may be used; says so on the console when it may not. */
export function checkFastTokenizer(missing: readonly string[] = missingParse5Members(), warn: (message: string) => void = (message) => globalThis.console?.warn(message)): FastTokenizer {
  let reason: string | undefined;
  if (missing.length > 0) reason = `parse5 lacks ${missing.join(', ')}`;
  else {
    try {
      if (serialize(RunParser.parse(PROBE) as DefaultTreeAdapterMap['document']) !== serialize(Parser.parse(PROBE) as DefaultTreeAdapterMap['document'])) reason = 'a probe document parses differently from stock parse5';
    } catch (error) {
      reason = `a probe document fails to parse (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  if (reason === undefined) return { enabled: true };
  warn(`openscraper: the fast HTML tokenizer is off (${reason}); parsing with stock parse5, slower. See UPGRADING.md.`);
  return { enabled: false, reason };
}

export const FAST_TOKENIZER: FastTokenizer = checkFastTokenizer();

/**
 * Parses a document as parse5's `parse` does: faster while parse5 has what the fast path needs.
 * `tick` is called for every tag, on either path (the budget counts work while parsing).
 */
export function parseDocument<T extends TreeAdapterTypeMap>(html: string, options: Partial<ParserOptions<T>>, fast: boolean = FAST_TOKENIZER.enabled, tick: TagTick | null = null): T['document'] {
  RunParser.pendingTick = tick;
  RunParser.pendingFast = fast;
  try {
    return RunParser.parse(html, options) as T['document'];
  } finally {
    RunParser.pendingTick = null;
    RunParser.pendingFast = true;
  }
}
