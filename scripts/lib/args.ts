/** The script's command-line arguments after `--`: a flag's presence, an option's value. */
const args = process.argv.slice(2);

/** Whether `--name` was given (`--json`). */
export const flag = (name: string): boolean => args.includes(name);

/** The word after `--name` (`--runs 3`), or undefined without it. */
export function option(name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}
