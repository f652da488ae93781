/** Display formats from LOOK.md that the logged-out screens need. */

/** `+2348031234567` → `+234 803 123 4567`; anything else is shown as it is. */
export function formatPhone(phone: string): string {
  const nigerian = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return nigerian ? `+234 ${nigerian[1]} ${nigerian[2]} ${nigerian[3]}` : phone;
}
