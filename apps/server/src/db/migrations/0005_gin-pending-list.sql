-- Small GIN pending lists for the two trigram indexes every inbound text writes to: merged often
-- and briefly instead of in one 50–150 ms statement every ≈ 17,000 texts (docs/benchmarks.md).
-- ALTER, not DROP + CREATE: no rebuild of a large index.
ALTER INDEX "conversations_number_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "messages_body_trgm_idx" SET (gin_pending_list_limit = 256);
