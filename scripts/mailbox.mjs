#!/usr/bin/env node
// `npm run mailbox [-- N]`: the last N (default 5) e-mails kept in the embedded mode's local mailbox
// (`$DATA_DIR/mailbox`, one JSON file per mail), newest last. With SMTP_URL set, mail goes to SMTP instead.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'mailbox');
const count = Number(process.argv[2] ?? 5);
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
  : [];
if (files.length === 0) {
  console.log(`No mail in ${dir}.`);
  process.exit(0);
}
for (const file of files.slice(-count)) {
  const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  console.log(`──────── ${mail.sentAt}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
}
