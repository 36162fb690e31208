// Prettier for the whole tree: Prettier's defaults (double quotes, semicolons, trailing commas) are already the tree's style.
// printWidth 160 was measured by formatting a copy of the tree: it touches the fewest existing lines (595 against 625 at 150,
// 757 at 140, 744 at 180) and files (107 against 124 at 150); 99% of today's lines are 160 characters or shorter.
/** @type {import("prettier").Config} */
export default {
  printWidth: 160,
};
