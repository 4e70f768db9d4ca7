import { newPasswordField, PASSWORD_DEFAULT_MIN_LENGTH } from "@trigger-switch/contracts";
import { z } from "zod";

/**
 * Spec §5 leaves sign-up rules open. Passwords follow the one policy in contracts (decision 017),
 * with the server's minimum (GET /auth/v1/settings) once it is known.
 */
export const PASSWORD_MIN_LENGTH = PASSWORD_DEFAULT_MIN_LENGTH;

const email = z.email("Enter a valid e-mail address");

const matching = <T extends { password: string; confirmPassword: string }>(values: T) =>
  values.password === values.confirmPassword;
const mismatch = { message: "The passwords do not match", path: ["confirmPassword"] };

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "Enter your password"),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const newPasswordSchemaFor = (minLength = PASSWORD_MIN_LENGTH) =>
  z.object({ password: newPasswordField(minLength), confirmPassword: z.string() }).refine(matching, mismatch);
export const newPasswordSchema = newPasswordSchemaFor();
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

export const registerSchemaFor = (minLength = PASSWORD_MIN_LENGTH) =>
  z.object({ email, password: newPasswordField(minLength), confirmPassword: z.string() }).refine(matching, mismatch);
export const registerSchema = registerSchemaFor();
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
