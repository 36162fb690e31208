// The large-schema benchmark's questions and gold SQL, written by hand as people would ask them of the warehouse.
import { z } from "zod";

export const WAREHOUSE_DOMAINS = ["bookshop", "flights", "clinic", "shop", "school", "sport", "transport", "insurance", "hr", "realestate"] as const;
export type WarehouseDomainName = (typeof WAREHOUSE_DOMAINS)[number];

export interface LargeSchemaQuestion {
  /** The domain the question is about: the split is stratified by it and the README counts by it. */
  domain: WarehouseDomainName;
  question: string;
  query: string;
}

export const largeSchemaQuestionSchema: z.ZodType<LargeSchemaQuestion> = z.object({
  domain: z.enum(WAREHOUSE_DOMAINS),
  question: z.string().min(1),
  query: z.string().min(1),
});

export const LARGE_SCHEMA_QUESTIONS: readonly LargeSchemaQuestion[] = [];
