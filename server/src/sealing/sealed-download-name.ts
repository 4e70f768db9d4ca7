/** A sealed file downloads as what it is, an age file: `letter.pdf.age` opens with `age -d` into `letter.pdf`. */
export function sealedDownloadName(name: string, sealed: boolean): string {
  return sealed ? `${name}.age` : name;
}
