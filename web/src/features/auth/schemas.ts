import { z } from "zod";

/** Spec §5 leaves sign-up rules open; decision 002 sets 8 characters, like GoTrue's default. */
export const PASSWORD_MIN_LENGTH = 8;

const email = z.email("Enter a valid e-mail address");
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(72, "Use at most 72 characters");

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "Enter your password"),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: "The passwords do not match",
    path: ["confirmPassword"],
  });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

export const registerSchema = z
  .object({ email, password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: "The passwords do not match",
    path: ["confirmPassword"],
  });
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
