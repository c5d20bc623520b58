/**
 * Statements as files: a member's statement, a group's report and a merchant's monthly statement
 * (core/statements) as a PDF for a phone (pdf-document.ts) or a CSV (csv.ts), in the words the
 * caller passes (apps/documents/statement-words.ts: one set per language).
 *
 * Guarantees
 * - The PDF prints the use case's figures as they are (no sum is made here), each amount in the
 *   reader's number format; dates are Kigali calendar days.
 * - The CSV has a header row and one row per movement; amounts are decimal strings ("-1500.00",
 *   as the API's), so a spreadsheet sums them to the centime; kinds are words, references as given.
 */
import type { Language } from '../../core/accounts/user.ts';
import type { LoanStatus } from '../../core/loans/loan.ts';
import type { Money } from '../../core/money/money.ts';
import { formatDate, kigaliDateOf } from '../../core/shared/calendar.ts';
import type { GroupReport } from '../../core/statements/group-report.ts';
import type { MemberStatement } from '../../core/statements/member-statement.ts';
import type { MerchantLineKind, MerchantStatement } from '../../core/statements/merchant-statement.ts';
import type { MovementKind } from '../../core/tontines/show-group-books.ts';
import { csv } from './csv.ts';
import { PhonePdf } from './pdf-document.ts';

export interface StatementWords {
  language: Language;
  memberTitle: string;
  groupTitle: string;
  merchantTitle: string;
  /** "From 2026-11-01 to 2026-11-28". */
  period: (from: string, to: string) => string;
  generatedOn: (day: string) => string;
  month: (month: string) => string;
  noMovement: string;
  groups: string;
  savings: string;
  loans: string;
  members: string;
  cycles: string;
  movements: string;
  paidIn: string;
  received: string;
  opening: string;
  closing: string;
  deposited: string;
  withdrawn: string;
  balance: string;
  totalIn: string;
  totalOut: string;
  loan: (amount: string) => string;
  rate: string;
  term: (months: number) => string;
  owedAtStart: string;
  disbursed: string;
  owedAtEnd: string;
  schedule: string;
  payments: string;
  instalment: (n: number, due: string) => string;
  principal: string;
  interest: string;
  paid: string;
  cycle: (n: number) => string;
  contributions: (n: number) => string;
  payout: (name: string) => string;
  noPayout: string;
  joined: (day: string) => string;
  sales: (count: number) => string;
  fees: string;
  reversals: (count: number) => string;
  net: string;
  settlementsPaid: string;
  withheld: string;
  change: string;
  kinds: Record<MovementKind, string>;
  merchantKinds: Record<MerchantLineKind, string>;
  loanStatuses: Record<LoanStatus, string>;
  /** `mtn`, `airtel`, `flutterwave` (card). */
  methods: Record<string, string>;
  columns: {
    date: string;
    section: string;
    account: string;
    kind: string;
    member: string;
    amount: string;
    balanceAfter: string;
    reference: string;
    method: string;
    cycle: string;
    principal: string;
    interest: string;
    gross: string;
    fee: string;
    change: string;
  };
  sections: { group: string; savings: string; loan: string };
}

const day = (at: Date) => formatDate(kigaliDateOf(at));
const signed = (m: Money, language: string) => (m.isPositive() ? `+${m.format(language)}` : m.format(language));
const methodOf = (w: StatementWords, method: string | null) => (method ? (w.methods[method] ?? method) : '');

export async function memberStatementPdf(s: MemberStatement, w: StatementWords): Promise<Buffer> {
  const l = w.language;
  const pdf = new PhonePdf({ title: w.memberTitle, language: l });
  pdf.title(w.memberTitle).pair(`${s.member.firstName} ${s.member.lastName}`, '').note(w.period(s.period.from, s.period.to));
  if (s.groups.length) {
    pdf.heading(w.groups);
    for (const g of s.groups) {
      pdf.pair(g.name, '', { bold: true });
      if (!g.movements.length) pdf.note(w.noMovement);
      for (const m of g.movements) pdf.entry(`${day(m.at)} ${w.kinds[m.kind]}`, signed(m.amount, l), [methodOf(w, m.method), m.reference ?? '']);
      pdf.pair(w.paidIn, g.paidIn.format(l), { bold: true }).pair(w.received, g.received.format(l), { bold: true }).rule();
    }
  }
  for (const v of s.savings) {
    pdf.heading(`${w.savings}: ${v.name}`).pair(w.opening, v.opening.format(l));
    if (!v.movements.length) pdf.note(w.noMovement);
    for (const m of v.movements) pdf.entry(`${day(m.at)} ${w.kinds[m.kind]}`, signed(m.amount, l), [`${w.balance} ${m.balanceAfter.format(l)}`, methodOf(w, m.method), m.reference ?? '']);
    pdf.pair(w.deposited, v.deposited.format(l)).pair(w.withdrawn, v.withdrawn.format(l)).pair(w.closing, v.closing.format(l), { bold: true });
  }
  if (s.loans.length) {
    pdf.heading(w.loans);
    for (const loan of s.loans) {
      pdf.pair(w.loan(loan.amount.format(l)), w.loanStatuses[loan.status], { bold: true });
      pdf.note(`${w.rate} ${(loan.annualRateBps / 100).toFixed(2)} % · ${w.term(loan.termMonths)}${loan.purpose ? ` · ${loan.purpose}` : ''}`);
      pdf.pair(w.owedAtStart, loan.owedAtStart.format(l)).pair(w.disbursed, loan.disbursed.format(l));
      pdf.pair(w.payments, '', { bold: true });
      if (!loan.payments.length) pdf.note(w.noMovement);
      for (const p of loan.payments) pdf.entry(`${day(p.at)} ${w.paid}`, p.paid.format(l), [`${w.principal} ${p.principal.format(l)}`, `${w.interest} ${p.interest.format(l)}`, p.reference ?? '']);
      pdf.pair(w.owedAtEnd, loan.owedAtEnd.format(l), { bold: true });
      pdf.pair(w.schedule, '', { bold: true });
      for (const i of loan.schedule) pdf.entry(w.instalment(i.number, i.dueDate), i.amount.format(l), [`${w.principal} ${i.principal.format(l)}`, `${w.interest} ${i.interest.format(l)}`]);
      pdf.rule();
    }
  }
  return pdf.finish();
}

export function memberStatementCsv(s: MemberStatement, w: StatementWords): string {
  const c = w.columns;
  const rows = [
    ...s.groups.flatMap((g) => g.movements.map((m) => [day(m.at), w.sections.group, g.name, w.kinds[m.kind], m.amount.toDecimal(), null, null, null, m.reference, m.method])),
    ...s.savings.flatMap((v) => v.movements.map((m) => [day(m.at), w.sections.savings, v.name, w.kinds[m.kind], m.amount.toDecimal(), m.balanceAfter.toDecimal(), null, null, m.reference, m.method])),
    ...s.loans.flatMap((loan) => [
      ...(loan.disbursed.isPositive() ? [[loan.disbursedAt ? day(loan.disbursedAt) : null, w.sections.loan, w.loan(loan.amount.toDecimal()), w.disbursed, loan.disbursed.toDecimal(), null, loan.disbursed.toDecimal(), null, null, null]] : []),
      ...loan.payments.map((p) => [day(p.at), w.sections.loan, w.loan(loan.amount.toDecimal()), w.paid, p.paid.negate().toDecimal(), null, p.principal.negate().toDecimal(), p.interest.toDecimal(), p.reference, null]),
    ]),
  ];
  return csv([c.date, c.section, c.account, c.kind, c.amount, c.balanceAfter, c.principal, c.interest, c.reference, c.method], rows);
}

export async function groupReportPdf(r: GroupReport, w: StatementWords): Promise<Buffer> {
  const l = w.language;
  const pdf = new PhonePdf({ title: `${w.groupTitle}: ${r.group.name}`, language: l });
  pdf.title(w.groupTitle).pair(r.group.name, '', { bold: true }).note(w.generatedOn(day(r.generatedAt)));
  pdf.pair(w.totalIn, r.totals.in.format(l)).pair(w.totalOut, r.totals.out.format(l)).pair(w.balance, r.totals.balance.format(l), { bold: true });
  pdf.heading(w.members);
  for (const m of r.members) pdf.entry(m.name, m.paidIn.format(l), [w.joined(day(m.joinedAt)), `${w.received} ${m.received.format(l)}`]);
  if (r.cycles.length) {
    pdf.heading(w.cycles);
    for (const c of r.cycles) pdf.entry(w.cycle(c.cycle), c.paidIn.format(l), [w.contributions(c.contributions), c.payout ? `${w.payout(c.payout.member)} ${c.payout.paid.format(l)} (${day(c.payout.at)})` : w.noPayout]);
  }
  pdf.heading(w.movements);
  if (!r.movements.length) pdf.note(w.noMovement);
  for (const m of r.movements) pdf.entry(`${day(m.at)} ${w.kinds[m.kind]}`, signed(m.amount, l), [m.member ?? '', `${w.balance} ${m.balanceAfter.format(l)}`, methodOf(w, m.method), m.reference ?? '']);
  return pdf.finish();
}

export function groupReportCsv(r: GroupReport, w: StatementWords): string {
  const c = w.columns;
  return csv(
    [c.date, c.kind, c.member, c.cycle, c.amount, c.balanceAfter, c.reference, c.method],
    r.movements.map((m) => [day(m.at), w.kinds[m.kind], m.member, m.cycle, m.amount.toDecimal(), m.balanceAfter.toDecimal(), m.reference, m.method]),
  );
}

export async function merchantStatementPdf(s: MerchantStatement, w: StatementWords): Promise<Buffer> {
  const l = w.language;
  const f = s.figures;
  const pdf = new PhonePdf({ title: `${w.merchantTitle}: ${s.merchant.businessName}`, language: l });
  pdf.title(w.merchantTitle).pair(s.merchant.businessName, s.merchant.merchantCode, { bold: true }).note(w.month(f.month));
  pdf.pair(w.sales(f.sales.count), f.sales.gross.format(l)).pair(w.fees, f.fees.format(l)).pair(w.reversals(f.reversals.count), f.reversals.gross.format(l));
  pdf.pair(w.net, f.net.format(l), { bold: true }).pair(w.settlementsPaid, f.settlementsPaid.format(l)).pair(w.withheld, f.withheldForWorkingCapital.format(l));
  pdf.pair(w.change, signed(s.change, l), { bold: true });
  pdf.heading(w.movements);
  if (!s.lines.length) pdf.note(w.noMovement);
  for (const line of s.lines) {
    pdf.entry(`${day(line.at)} ${w.merchantKinds[line.kind]}`, signed(line.change, l), [line.gross ? `${w.columns.gross} ${line.gross.format(l)}` : '', line.fee ? `${w.columns.fee} ${line.fee.format(l)}` : '', line.reference ?? '']);
  }
  return pdf.finish();
}

export function merchantStatementCsv(s: MerchantStatement, w: StatementWords): string {
  const c = w.columns;
  return csv(
    [c.date, c.kind, c.reference, c.gross, c.fee, c.change],
    s.lines.map((line) => [day(line.at), w.merchantKinds[line.kind], line.reference, line.gross?.toDecimal() ?? null, line.fee?.toDecimal() ?? null, line.change.toDecimal()]),
  );
}
