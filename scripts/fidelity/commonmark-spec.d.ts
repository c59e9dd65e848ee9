// The commonmark-spec package ships its examples without type declarations.
declare module 'commonmark-spec' {
  export interface SpecTest {
    markdown: string;
    html: string;
    section: string;
    number: number;
  }
  export const tests: SpecTest[];
  export const text: string;
}
