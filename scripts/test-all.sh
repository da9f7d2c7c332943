#!/usr/bin/env bash
# `npm test`: typecheck, lint, the generated-client check, unit + API tests against a fresh
# PostgreSQL database, the reliability suite (reduced size), then the end-to-end suite in
# Chromium against a production build.
# Ends with one line `N passed, N failed[, N skipped]` over all suites (CI reads that line).
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
reports="$PWD/.test-reports"
rm -rf "$reports" && mkdir -p "$reports"
passed=0 failed=0 skipped=0 playwright_status=0

step() { # name, command…
  local name=$1; shift
  echo "=== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "!!! $name failed"; fi
}

step "generate the database client" npm run --silent db:generate
step "typecheck" npx tsc --noEmit
step "lint" npx eslint .
step "migrations match the schema" node prisma/migrate.mjs check

echo "=== unit and API tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile="$reports/vitest.json"
vitest_status=$?

echo "=== reliability suite, reduced size (vitest; npm run test:reliability for full size)"
npx vitest run -c vitest.reliability.config.ts --reporter=default --reporter=json --outputFile="$reports/reliability.json"
reliability_status=$?

echo "=== build"
if npm run build; then
  echo "=== end-to-end tests (playwright)"
  PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/playwright.json" npx playwright test -c e2e --reporter=list,json
  playwright_status=$?
else
  echo "!!! build failed; end-to-end tests not run"
  failed=$((failed + 1))
fi

vitest_counts() { # report file → "passed failed skipped" (a missing report counts as one failure)
  node -e '
const fs = require("fs");
const f = process.argv[1];
if (!fs.existsSync(f)) { console.log("0 1 0"); process.exit(); }
const r = JSON.parse(fs.readFileSync(f, "utf8"));
console.log(r.numPassedTests, r.numFailedTests, r.numPendingTests + r.numTodoTests);
' "$1"
}
read -r vp vf vs <<<"$(vitest_counts "$reports/vitest.json")"
read -r rp rf rs <<<"$(vitest_counts "$reports/reliability.json")"
read -r pp pf ps <<<"$(node -e '
const fs = require("fs");
const f = process.argv[1];
if (!fs.existsSync(f)) { console.log("0 0 0"); process.exit(); }
const s = JSON.parse(fs.readFileSync(f, "utf8")).stats;
console.log(s.expected + s.flaky, s.unexpected, s.skipped);
' "$reports/playwright.json")"
# A runner that failed without reporting a failed test (crash, port in use) still fails the run.
if [ "$vitest_status" -ne 0 ] && [ "$vf" -eq 0 ]; then vf=1; fi
if [ "$reliability_status" -ne 0 ] && [ "$rf" -eq 0 ]; then rf=1; fi
if [ "$playwright_status" -ne 0 ] && [ "$pf" -eq 0 ]; then pf=1; fi

# Name every failed test again here, at the end, where a CI log cut to its tail still shows it.
node -e '
const fs = require("fs");
for (const f of process.argv.slice(1)) {
  if (!fs.existsSync(f)) continue;
  for (const file of JSON.parse(fs.readFileSync(f, "utf8")).testResults ?? []) {
    const name = file.name.replace(process.cwd() + "/", "");
    const tests = file.assertionResults ?? [];
    // A file that failed before its tests ran (an import or a hook threw) has no failed test of its own.
    if (file.status === "failed" && !tests.some((t) => t.status === "failed"))
      console.log(`FAILED ${name}\n    ${String(file.message ?? "").split("\n").slice(0, 3).join(" ").slice(0, 400)}`);
    for (const t of tests) {
      if (t.status !== "failed") continue;
      const why = (t.failureMessages ?? []).join(" ").split("\n").slice(0, 3).join(" ").slice(0, 400);
      console.log(`FAILED ${name} › ${t.fullName}\n    ${why}`);
    }
  }
}
' "$reports/vitest.json" "$reports/reliability.json"

passed=$((passed + vp + rp + pp)); failed=$((failed + vf + rf + pf)); skipped=$((skipped + vs + rs + ps))
echo
echo "vitest: $vp passed, $vf failed; reliability: $rp passed, $rf failed; playwright: $pp passed, $pf failed; checks: see above"
line="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && line="$line, $skipped skipped"
echo "$line"
[ "$failed" -eq 0 ]
