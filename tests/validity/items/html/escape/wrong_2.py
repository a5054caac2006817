# wrong: replaces "&" last, so the entities it just wrote are escaped again ("<" -> "&amp;lt;").
def escape(s, quote=True):
    s = s.replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        s = s.replace('"', "&quot;").replace("'", "&#x27;")
    return s.replace("&", "&amp;")
