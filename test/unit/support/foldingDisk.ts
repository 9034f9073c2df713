/**
 * A case- and normalisation-insensitive disk (macOS, Windows) simulated over a real folder: each
 * name is looked up by its folded form, as those disks do, so `README.md` finds `readme.md` and a
 * decomposed `café` finds the composed one. Merge back's tests hand it over as the main tree.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MainTree } from '../../../src/worktrees/mainTree';

const fold = (name: string): string => name.normalize('NFC').toLowerCase();

export function foldingTree(root: string): MainTree {
  return {
    root,
    file(rel: string): string {
      let at = root;
      for (const name of rel.split('/')) {
        let names: string[] = [];
        try {
          names = fs.readdirSync(at);
        } catch {
          // Not a folder (yet): the name as given.
        }
        at = path.join(at, names.find((n) => fold(n) === fold(name)) ?? name);
      }
      return at;
    },
  };
}
