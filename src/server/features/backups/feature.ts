import { Hono } from 'hono'
import { defineFeature } from '../../feature.ts'
import { openFailureMessage } from './open-failure.ts'
import { adminImportRoutes, importCliRoutes, IMPORT_UPLOAD_PATHS } from './import-routes.ts'
import { adminBackupRoutes, backupCliRoutes } from './routes.ts'
import { createBackups } from './service.ts'

/**
 * Backups and the list import: daily backups into BACKUP_DIR, the CLI's backups and imports
 * through this server, the suppression journal beside the backups, the console's views.
 */
export const backupsFeature = defineFeature({
  name: 'backups',
  // A PGlite folder that will not open: the latest backup and the one command that restores it.
  explainOpenFailure: (err, config) => openFailureMessage(config.PGLITE_DIR, config.BACKUP_DIR, err),
  services: ({ rawDb, logger, config }) => {
    const backups = createBackups({
      source: {
        db: rawDb,
        database: config.DATABASE_URL ? 'postgres' : 'pglite',
        ...(config.DATABASE_URL || config.PGLITE_DIR.startsWith('memory://') ? {} : { liveFolder: config.PGLITE_DIR }),
      },
      config,
      logger,
    })
    let stopJournal: (() => Promise<void>) | undefined
    return {
      made: { backups },
      start: async (opened) => {
        backups.start()
        // Each change to the suppression list reaches the file beside the backups at once.
        stopJournal = await opened.listen?.('suppression_journal', backups.journal.poke).catch((err: unknown) => {
          logger.error({ err }, 'the suppression journal is copied at each backup only: listening failed')
          return undefined
        })
        backups.journal.poke()
      },
      stop: async () => {
        await stopJournal?.()
        await backups.stop()
      },
    }
  },
  parts: ({ config, owner, made }) => {
    const routes = new Hono()
    // `npm run owner -- backup` while this server holds the database: its signed token, no session.
    if (made.backups) routes.route('/', backupCliRoutes(owner, made.backups))
    // `npm run owner -- import` likewise (the CLI opens the database itself when no server holds it).
    routes.route('/', importCliRoutes(owner))
    return {
      public: { routes },
      console: [adminBackupRoutes(owner, config), adminImportRoutes(owner)],
      // The list import's upload is a file: its routes spool it under a limit of their own.
      uploadPaths: IMPORT_UPLOAD_PATHS,
    }
  },
})
