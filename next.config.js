/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite finds its .wasm/.data via new URL(..., import.meta.url); bundled by Turbopack that URL breaks (TOOLCHAIN P3).
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  poweredByHeader: false,
  // Uploads go through server actions (documents up to 10 MB, customer CSVs up to 5 MB); the default is 1 MB.
  experimental: { serverActions: { bodySizeLimit: "11mb" } },
};

export default nextConfig;
