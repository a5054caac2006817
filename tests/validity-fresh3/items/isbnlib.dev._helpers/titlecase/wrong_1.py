# wrong: str.title(): lower-cases the rest of each word ("McDonald" gives "Mcdonald") and
# capitalises after an apostrophe ("don't" gives "Don'T").
def titlecase(st):
    return st.title()
