import type { HelpArticle } from './articles';

/** Lower-case words of two letters or more; accents and punctuation do not count. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2);
}

/**
 * Articles matching every word of the query (a word matches as a prefix, so "invit" finds
 * "invitation"), best first: a hit in the title counts most, then keywords, then the text.
 * An empty query lists every article in its order.
 */
export function searchArticles(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const terms = words(query);
  if (terms.length === 0) return [...articles];
  const scored = articles.map((article, index) => {
    const fields = [
      { weight: 5, words: words(article.title) },
      { weight: 3, words: words(article.keywords.join(' ')) },
      { weight: 2, words: words(article.summary) },
      { weight: 1, words: words(article.body.join(' ')) },
    ];
    let score = 0;
    for (const term of terms) {
      const best = Math.max(
        0,
        ...fields.map((field) => (field.words.some((w) => w.startsWith(term)) ? field.weight : 0)),
      );
      if (best === 0) return { article, index, score: 0 };
      score += best;
    }
    return { article, index, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.article);
}
