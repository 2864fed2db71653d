// The ceiling: a bare node:http server answering one fixed response, headers and body, byte for byte.
import fs from 'node:fs';
import http from 'node:http';

const { body, headers } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const bytes = Buffer.from(body, 'base64');
const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(200, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
