// Validates SARIF logs against the official SARIF 2.1.0 JSON schema (OASIS, as shipped in
// @microsoft/jest-sarif), and checks what GitHub code scanning needs beyond the schema.
// usage: node validate.js FILE.sarif...
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');
const addFormats = require('ajv-formats');

const schemaPath = path.join(__dirname, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
delete schema.$schema; // draft-07, Ajv's default
if (schema.id) { schema.$id = schema.id; delete schema.id; } // draft-04 spelling at the root
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }) // the schema's language pattern is not valid with the u flag;
addFormats(ajv);
const validate = ajv.compile(schema);

let failed = false;
for (const file of process.argv.slice(2)) {
  const log = JSON.parse(fs.readFileSync(file, 'utf8'));
  const problems = [];
  if (!validate(log)) problems.push(...validate.errors.map((e) => `${e.instancePath} ${e.message}`));
  for (const run of log.runs || []) {
    const rules = run.tool.driver.rules || [];
    for (const r of rules) {
      if (!r.helpUri || !r.help || !r.shortDescription) problems.push(`rule ${r.id} lacks help, helpUri or shortDescription`);
    }
    for (const res of run.results || []) {
      if (rules[res.ruleIndex] === undefined || rules[res.ruleIndex].id !== res.ruleId) problems.push(`result ruleIndex ${res.ruleIndex} does not name ${res.ruleId}`);
      const region = res.locations[0].physicalLocation.region;
      if (!(region.startLine >= 1 && region.startColumn >= 1)) problems.push('a region is not 1-based');
    }
    if (run.columnKind !== 'unicodeCodePoints' && run.columnKind !== 'utf16CodeUnits') problems.push('columnKind is not declared');
  }
  if (problems.length) {
    failed = true;
    console.error(`${file}: INVALID\n  ${problems.join('\n  ')}`);
  } else {
    console.log(`${file}: valid SARIF 2.1.0 (${log.runs[0].results.length} results)`);
  }
}
process.exit(failed ? 1 : 0);
