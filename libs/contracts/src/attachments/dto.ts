/**
 * Document attachments (SPEC.md §5, §9): files kept beside a record of the service that owns it, listed,
 * downloaded and deleted with the owner's permission key. Shared by the platform's attachments feature and
 * the web app's AttachmentList, so both apply the same limits.
 */

/** 20 MB each, counted in binary megabytes (SPEC.md §9 "Upload limit 20MB"). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** How many files one record may hold unless its service says otherwise ("Files exceed max count"). */
export const ATTACHMENT_DEFAULT_MAX_COUNT = 10;

/** The extensions a document upload may have (SPEC.md §9); the server decides by content, not by name. */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'jpeg', 'jpg', 'png'] as const;

/** An attachment as the API returns it. */
export interface AttachmentView {
  id: string;
  owner_type: string;
  owner_id: string;
  /** The name it was uploaded under (path and control characters removed). */
  original_name: string;
  /** `application/pdf`, `image/jpeg` or `image/png`, recognised from the content. */
  content_type: string;
  /** Bytes. */
  size: number;
  /** User id of the uploader. */
  uploaded_by: string | null;
  /** ISO 8601. */
  uploaded_at: string;
}

/** `/api/<service>/attachments/<ownerType>/<ownerId>`: list (GET) and upload (POST, multipart). */
export function attachmentsPath(service: string, ownerType: string, ownerId: string): string {
  return `/api/${service}/attachments/${encodeURIComponent(ownerType)}/${encodeURIComponent(ownerId)}`;
}

/** `/api/<service>/attachments/<ownerType>/file/<id>`: download (GET) and delete (DELETE). */
export function attachmentFilePath(service: string, ownerType: string, attachmentId: string): string {
  return `/api/${service}/attachments/${encodeURIComponent(ownerType)}/file/${encodeURIComponent(attachmentId)}`;
}
