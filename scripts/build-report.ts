// After `npm run build`: every chunk of dist/app with its raw and gzip size and packages, the
// JavaScript each page loads, the widget script, and the budgets of issue 8 (scripts/bundles/budgets.ts).
// Writes dist/build-report.json. tests/budgets/bundles.spec.ts fails on a broken budget; this
// only reports it. SPA_DIR reports another build.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPA_DIR } from '../server/http/spa.ts';
import { widgetDir } from '../server/widgetApi/widgetScript.ts';
import { budgetViolations } from './bundles/budgets.ts';
import { buildReport, formatReport } from './bundles/buildReport.ts';

const dist = join(import.meta.dirname, '..', 'dist');
const report = buildReport(SPA_DIR, join(widgetDir(), 'widget.js'));
console.log(formatReport(report));
writeFileSync(join(dist, 'build-report.json'), `${JSON.stringify(report, null, 2)}\n`);
const violations = budgetViolations(report);
console.log(violations.length ? `\nover budget:\n- ${violations.join('\n- ')}` : '\nall budgets hold');
