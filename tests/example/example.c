/* A program that uses libcrosscheck through its installed header and
 * pkg-config file: extracts one article and prints its figures. */
#include <crosscheck.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: example RULES_DIR\n");
        return 2;
    }
    xc_diags *diags = xc_diags_new();
    xc_rules *rules = xc_rules_load(argv[1], diags);
    if (!rules) {
        xc_diags_print(diags, stderr);
        xc_diags_free(diags);
        return 2;
    }
    static const char article[] = "A total of 1,000 runners took part, reported CNN.\n";
    xc_doc *doc = xc_doc_load_mem("article.txt", article, strlen(article), NULL);
    xc_worker *worker = xc_worker_new();
    xc_extract(doc, rules, worker);
    const xc_figure *figures;
    size_t n = xc_doc_figures(doc, &figures);
    for (size_t i = 0; i < n; i++)
        printf("%s|%g|%s\n", figures[i].text, figures[i].value,
               figures[i].noun ? figures[i].noun : "-");
    printf("version %s, %zu figure(s)\n", xc_version(), n);
    xc_worker_free(worker);
    xc_doc_free(doc);
    xc_rules_free(rules);
    xc_diags_free(diags);
    return 0;
}
