// What a view asks of a machine: whether its snapshot has a tag.
export const tagsOf = (state: { tags: Set<string> }) => [...state.tags].sort().join(" ");
export const asker =
  <Tag extends string>(tags: string) =>
  (tag: Tag) =>
    tags.split(" ").includes(tag);
