import autocannon from 'autocannon';
const [url, seconds = "6", m, b] = process.argv.slice(2); const method = m || "GET"; const body = b || undefined;
const headers = { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' };
if (process.env.TOK) headers.authorization = `Bearer ${process.env.TOK}`;
const r = await autocannon({ url, method, body, headers, connections: Number(process.env.CONN ?? 20), duration: Number(seconds) });
console.log(`${url} rps=${Math.round(r.requests.average)} p99=${r.latency.p99} non2xx=${r.non2xx} errors=${r.errors}`);
