// serve.mjs - a static file server on 127.0.0.1 for the built page.
//
//   node web/serve.mjs [DIR] [PORT]      (DIR build/web, PORT 8000; 0: any)
//
// Also imported by the browser test: serve(dir, port) resolves to
// {server, url}.  Only files under DIR are served, GET and HEAD only.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    ".json": "application/json",
};

export function serve(dir, port = 0, host = "127.0.0.1") {
    const rootDir = path.resolve(dir);
    const server = http.createServer((req, res) => {
        if (req.method !== "GET" && req.method !== "HEAD") {
            res.writeHead(405).end();
            return;
        }
        let p;
        try {
            p = decodeURIComponent(new URL(req.url, "http://x").pathname);
        } catch (e) {
            res.writeHead(400).end();
            return;
        }
        if (p.endsWith("/")) p += "index.html";
        const file = path.resolve(rootDir, "." + p);
        if (file !== rootDir && !file.startsWith(rootDir + path.sep)) {
            res.writeHead(403).end();
            return;
        }
        fs.stat(file, (err, st) => {
            if (err || !st.isFile()) {
                res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
                return;
            }
            res.writeHead(200, {
                "content-type": TYPES[path.extname(file)] || "application/octet-stream",
                "content-length": st.size,
                "cache-control": "no-cache",
            });
            if (req.method === "HEAD") res.end();
            else fs.createReadStream(file).pipe(res);
        });
    });
    return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
            const a = server.address();
            resolve({ server, url: `http://${host}:${a.port}/` });
        });
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    const dir = process.argv[2] || "build/web";
    const port = Number(process.argv[3] || 8000);
    if (!fs.existsSync(path.join(dir, "index.html"))) {
        console.error(`${dir}/index.html not found: run make web first`);
        process.exit(1);
    }
    serve(dir, port).then(({ url }) => {
        console.log(`serving ${dir} at ${url} (Ctrl+C stops)`);
    }, (e) => {
        console.error(`cannot listen on 127.0.0.1:${port}: ${e.message}`);
        process.exit(1);
    });
}
