/** The query strings of the statement routes (apps/http/statement-routes.ts). */
import { z } from 'zod';

const format = z.enum(['pdf', 'csv'], { error: 'format is pdf or csv' }).default('pdf');
const day = z.string().max(10).optional();

export const MemberStatementQuery = z.object({ from: day, to: day, format });
export const ReportQuery = z.object({ format });
export const MerchantStatementQuery = z.object({ month: z.string().max(7).optional(), format });
export const StatementDownloadQuery = z.object({ token: z.string().min(1).max(2000) });
