import { productsImport } from '../../../domain/catalog/product/import-definitions.js'
import { commandContext, requireStore } from '../../caller.js'
import { defineServiceRun } from '../../commands/services.js'
import { importProducts, type ImportReport } from './import.js'
import { dropStagedImport, readStagedImport } from './staged.js'

/**
 * `productsImport`: the staged file's text through `importProducts`. The file stays staged after
 * a dry run, for the real run; the real run drops it.
 */
export const productsImportService = defineServiceRun<
  { stagedUploadId: string; dryRun?: boolean | null },
  ImportReport
>({
  definition: productsImport,
  async run(input, { caller }) {
    const storeId = requireStore(caller).id
    const dryRun = Boolean(input.dryRun)
    const text = await readStagedImport(caller.platform, storeId, input.stagedUploadId)
    const report = await importProducts(caller.platform, commandContext(caller), text, { dryRun })
    if (!dryRun) await dropStagedImport(caller.platform, storeId, input.stagedUploadId)
    return report
  },
})
