/* people.c — the people extractor. (stub) */
#include "internal.h"

xc_status xc_extract_people(xc_doc *doc, const xc_rules *rules, xc_worker *w)
{
    return XC_OK;
}

json_t *xc_people_json(const xc_doc *doc)
{
    return json_array();
}
