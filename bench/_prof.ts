import { createSandbox } from '../server/sandbox/app.ts';
import { testSandboxConfig } from '../server/sandbox/config.ts';
import { readOutbox } from '../server/sandbox/outbox.ts';
import { createHmac } from 'node:crypto';
const sb = createSandbox(testSandboxConfig({ dbPath: '/tmp/prof.sqlite', keyDays: 3650 }));
const email='p@x.example';
const call = async (t: string, init: RequestInit = {}, key='sandbox-application-key', mac?: string) => {
  const cookie = `apikey=${key}${mac ? `; apimac=${createHmac('md5', mac).update(t).digest('hex')}` : ''}`;
  return (await sb.app.request(t, { ...init, headers: { ...(init.headers ?? {}), cookie } })).text();
};
await call(`/api/signup/${email}/`);
const otp = readOutbox(sb.state, email)[0]!.otp;
const r = JSON.parse(await call(`/api/signin/${email}/${otp}/`)).result.privatekey;
sb.state.db.prepare('UPDATE users SET site_limit=100000').run();
for (let b=0;b<10;b++) await call('/api/sites_add/', {method:'POST', body: JSON.stringify(Array.from({length:1000},(_, i)=>`s${b*1000+i}.ex.example`)), headers:{'content-type':'application/json'}}, r.key, r.hmac);
sb.state.advanceClock(40*86400);
await call('/api/sites_list/?withscanreport', {}, r.key, r.hmac);
for (const t of ['/api/sites_list/', '/api/sites_list/?withscanreport', '/api/sites_list/?withfwhistory', '/api/sites_list/?withscanreport&withfwhistory']) {
  const ts=[]; let len=0; for (let i=0;i<9;i++){const t0=performance.now(); len=(await call(t,{},r.key,r.hmac)).length; ts.push(performance.now()-t0);} ts.sort((a,b)=>a-b); console.log(t, ts[4]!.toFixed(0), len);
}
sb.close();
