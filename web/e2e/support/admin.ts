/** The one admin address of the billing journeys server (playwright.config.ts sets ADMIN_EMAILS to it). */
export const E2E_ADMIN_EMAIL = "admin-e2e@example.com";
