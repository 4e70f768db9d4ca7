/** Names people know the big OpenID providers by; others are shown as configured ("Keycloak"). */
const LABELS: Record<string, string> = {
  google: "Google",
  azure: "Microsoft",
  apple: "Apple",
  github: "GitHub",
  gitlab: "GitLab",
  keycloak: "Keycloak",
};

/** A provider's name as the sign-in page's "Continue with …" button shows it, for the page and the server's texts. */
export function providerLabel(id: string): string {
  return LABELS[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}
