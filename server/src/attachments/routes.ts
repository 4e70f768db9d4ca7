import { attachmentSchema } from "@trigger-switch/contracts";
import { AGE_HEADER_MAX, agePayloadSize } from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { security } from "../http/route-schemas.ts";
import { readUpload } from "../http/read-upload.ts";
import { diskAttachmentStorage } from "./attachment-storage.ts";
import { sendAttachment } from "./send-attachment.ts";
import { deleteAttachment } from "./delete-attachment.ts";
import { readAttachment } from "./read-attachment.ts";
import { uploadAttachment } from "./upload-attachment.ts";

const tags = ["attachments"];
const params = z.object({ id: z.string(), attachmentId: z.string() });

/** Files of the caller's messages, served only to their owner, as downloads that can never run as a page. */
export const attachmentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, masterKeys, config } = deps;
  const storage = diskAttachmentStorage(config.DATA_DIR);
  const maxBytes = config.ATTACHMENT_MAX_BYTES;
  // A sealed file is the largest plaintext plus age's per-chunk tags and its header.
  const maxSealedBytes = agePayloadSize(maxBytes) + AGE_HEADER_MAX;

  app.post(
    "/messages/:id/attachments",
    {
      schema: {
        tags,
        security,
        summary:
          "Attach a file (multipart field `file`); `sealed=true`: an age file encrypted with the message's passphrase",
        params: z.object({ id: z.string() }),
        querystring: z.object({
          sealed: z.enum(["true", "false"], { message: "sealed must be true or false" }).optional(),
        }),
        response: { 201: attachmentSchema },
      },
    },
    async (req, reply) => {
      const sealed = req.query.sealed === "true";
      const upload = await readUpload(req, { maxBytes: sealed ? maxSealedBytes : maxBytes, noun: "file" });
      const attachment = await uploadAttachment({
        db,
        config,
        clock,
        masterKeys,
        storage,
        userId: currentUser(req).id,
        messageId: req.params.id,
        fileName: upload.filename,
        sealed,
        readBytes: upload.readBytes,
      });
      return reply.status(201).send(attachment);
    },
  );

  app.get(
    "/messages/:id/attachments/:attachmentId",
    { schema: { tags, security, summary: "Download an attachment", params } },
    async (req, reply) => {
      const file = await readAttachment({
        db,
        masterKeys,
        storage,
        userId: currentUser(req).id,
        messageId: req.params.id,
        attachmentId: req.params.attachmentId,
      });
      return sendAttachment(reply, file);
    },
  );

  app.delete(
    "/messages/:id/attachments/:attachmentId",
    { schema: { tags, security, summary: "Delete an attachment", params } },
    async (req, reply) => {
      await deleteAttachment({
        db,
        storage,
        userId: currentUser(req).id,
        messageId: req.params.id,
        attachmentId: req.params.attachmentId,
      });
      return reply.status(204).send();
    },
  );
};
