/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite finds its .wasm/.data via new URL(..., import.meta.url); bundled by Turbopack that URL breaks (TOOLCHAIN P3).
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  poweredByHeader: false,
};

export default nextConfig;
