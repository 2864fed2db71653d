/** The set codes keyrune has a glyph for (keyrune-sets.ts). */
declare module 'virtual:keyrune-sets' {
  const codes: ReadonlySet<string>;
  export default codes;
}
