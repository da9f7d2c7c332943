/** What the last three characters of a name or registration number choose (BEHAVIORS.md §4.5). */
export type VerificationSuffix = "001" | "002" | "003" | "OTHER";

export function verificationSuffix(value: string | null | undefined): VerificationSuffix {
  const tail = (value ?? "").trim().slice(-3);
  return tail === "001" || tail === "002" || tail === "003" ? tail : "OTHER";
}
