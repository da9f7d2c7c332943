import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where document bytes live. The default keeps them on disk under `.data/documents/`
 * (`DOCUMENT_STORAGE_DIR` overrides the folder); an S3-compatible store only has to implement
 * these three calls. Keys are opaque, made by the documents area.
 */
export interface DocumentStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the bytes; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/-]{0,200}$/;

/** A DocumentStore writing one file per key under `root`. */
export function diskDocumentStore(root: string): DocumentStore {
  const fileFor = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe document key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileFor(key)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}

let store: DocumentStore | undefined;

/** The process's document store: the disk store at DOCUMENT_STORAGE_DIR or `.data/documents`. */
export function documentStore(): DocumentStore {
  store ??= diskDocumentStore(process.env.DOCUMENT_STORAGE_DIR ?? path.join(process.cwd(), ".data", "documents"));
  return store;
}

/** Replaces the process's store (an S3 adapter at start-up, or a test double). */
export function setDocumentStore(next: DocumentStore | undefined): void {
  store = next;
}
