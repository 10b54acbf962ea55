import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { BlobStore } from './port.js'
import { assertSafeKey } from './keys.js'

/** Blobs as files under `root` (default `DATA_DIR/media`); for one node, or several on a shared volume. */
export function filesystemBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertSafeKey(key)
    return path.join(root, ...key.split('/'))
  }
  return {
    kind: 'filesystem',
    async put(key, data) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Write beside, then rename: a reader (or a crash) never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
      await writeFile(temporary, data)
      await rename(temporary, file)
    },
    async get(key) {
      try {
        return await readFile(fileOf(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async has(key) {
      try {
        return (await stat(fileOf(key))).isFile()
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
        throw error
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
  }
}
