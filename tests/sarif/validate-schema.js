// Validates JSON documents against a JSON Schema (draft-07) with Ajv, and requires fingerprints
// to be unique where the documents are GitLab Code Quality reports.
// usage: node validate-schema.js SCHEMA.json FILE.json...
'use strict';
const fs = require('fs');
const Ajv = require('ajv');
const addFormats = require('ajv-formats');

const [schemaFile, ...files] = process.argv.slice(2);
const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
delete schema.$schema;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
let failed = false;
for (const file of files) {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  const problems = validate(doc) ? [] : validate.errors.map((e) => `${e.instancePath} ${e.message}`);
  if (Array.isArray(doc) && doc.every((i) => i && i.fingerprint)) {
    const seen = new Set();
    for (const i of doc) {
      if (seen.has(i.fingerprint)) problems.push(`fingerprint ${i.fingerprint} twice`);
      seen.add(i.fingerprint);
    }
  }
  if (problems.length) {
    failed = true;
    console.error(`${file}: INVALID against ${schemaFile}\n  ${problems.join('\n  ')}`);
  } else {
    console.log(`${file}: valid against ${schemaFile}`);
  }
}
process.exit(failed ? 1 : 0);
