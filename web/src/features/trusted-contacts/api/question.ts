import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  contactAnswerResultSchema,
  contactQuestionSchema,
  type ContactQuestion,
  type questionAnswerBodySchema,
} from "@trigger-switch/contracts";
import type { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";
import { isUnknownLink, toastUnlessUnknownLink } from "./contact-link-errors";

export type QuestionAnswer = z.output<typeof questionAnswerBodySchema>["answer"];

export const questionQueryKey = (token: string) => ["contact-question", token] as const;

/**
 * POST /api/contact/question/lookup { token }: the question as it stands. It changes nothing: only
 * the page's buttons answer. Null for the server's 404: an unknown link.
 */
export async function lookUpQuestion(api: ApiClient, token: string): Promise<ContactQuestion | null> {
  try {
    return await api.post("/api/contact/question/lookup", { token }, contactQuestionSchema);
  } catch (error) {
    if (isUnknownLink(error)) return null;
    throw error;
  }
}

/** POST /api/contact/question { token, answer }: what became of the answer, and the question as it now stands. */
export function answerQuestion(api: ApiClient, token: string, answer: QuestionAnswer) {
  return api.post("/api/contact/question", { token, answer }, contactAnswerResultSchema);
}

export function useQuestion(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: questionQueryKey(token),
    queryFn: () => lookUpQuestion(api, token),
    staleTime: Infinity,
  });
}

export function useAnswerQuestion(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: QuestionAnswer) => answerQuestion(api, token, answer),
    onSuccess: (result) => queryClient.setQueryData(questionQueryKey(token), result.question),
    onError: toastUnlessUnknownLink,
    meta: { silentError: true },
  });
}
