import { fwWindow, hash32, rng } from '../server/sandbox/simulation.ts';
const N=10000; const win = fwWindow(Math.floor(Date.now()/1000)); const DAY=86400;
function day(siteId:number,start:number,key:number){ const traffic = 150 + (hash32(siteId, 7) % 12000);
  const r = rng(hash32(siteId, start / DAY)); const a=[key]; for(let i=0;i<7;i++) a.push(Math.floor(r()*traffic)); return a; }
const objCache = new Map<number, number[]>(); const strCache = new Map<number,string>();
const base = Array.from({length:N},(_,i)=>({id:i+1,host:`s${i}.ex.example`,domain:`s${i}.ex.example`,adddate:1795000000,scanperiod:604800,nextscan:1795600000,firewallstatus:1,autotreatment:0,permissions:0}));
const rep = {id:1,date:1795000000,cure:0,threats:0,incurable:0,doubt:0,treated:0,detectedfiles:0,incurablefiles:0,malicious:0,suspicious:0,checkeddirs:100,checkedfiles:1000,treatedfiles:0,deletedfiles:0,totalbytes:123456789,checkedbytes:123456789,errors:0};
for (let k=0;k<7;k++){
  const t0=performance.now();
  const arr=base.map(s=>{ const fw:Record<string, number[]|null>={}; for(let i=0;i<30;i++){ const ck=s.id*100000+win.starts[i]!/DAY; let d=objCache.get(ck); if(!d){d=day(s.id,win.starts[i]!,win.keys[i]!); objCache.set(ck,d);} fw[win.keys[i]!]=d;} return {...s, scanreport: {...rep}, fwhistory: fw}; });
  const s1 = JSON.stringify({version:'x',result:arr}); const b1=Buffer.from(s1);
  const t1=performance.now();
  const parts=base.map(s=>{ const ds:string[]=new Array(30); for(let i=0;i<30;i++){ const ck=s.id*100000+win.starts[i]!/DAY; let d=strCache.get(ck); if(d===undefined){d=`"${win.keys[i]}":[${day(s.id,win.starts[i]!,win.keys[i]!).join(',')}]`; strCache.set(ck,d);} ds[i]=d;}
    const head = JSON.stringify({...s, scanreport: rep}); return `${head.slice(0,-1)},"fwhistory":{${ds.join(',')}}}`; });
  const env = JSON.stringify({version:'x',result:null}); const s2 = `${env.slice(0,-5)}[${parts.join(',')}]}`; const b2=Buffer.from(s2);
  const t2=performance.now();
  console.log('objects', (t1-t0).toFixed(0), b1.length, 'strings', (t2-t1).toFixed(0), b2.length, s1===s2);
}
